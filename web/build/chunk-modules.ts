import { writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** One chunk's modules, largest first, by rendered (minified, tree-shaken) length. */
export interface ChunkModules {
  file: string;
  /** Each module with its rendered length and the modules that import it statically. */
  modules: Array<{ id: string; length: number; importers: string[] }>;
}

/** Where a module comes from, short: `antd/es/button`, `src/request/http.ts`. */
export function shortModuleId(id: string): string {
  const inPackage = id.lastIndexOf('node_modules/');
  if (inPackage >= 0) return id.slice(inPackage + 'node_modules/'.length);
  const inWorkspace = id.search(/\/(web|contract)\/src\//);
  return inWorkspace >= 0 ? id.slice(inWorkspace + 1) : id;
}

/**
 * With `CHUNK_MODULES=<file.json>` set at build time, writes which modules make up each chunk
 * and who imports each (`CHUNK_MODULES=/tmp/modules.json npm run build -w web`): the way to
 * see what a route's chunks carry, and why, before cutting them. Does nothing otherwise.
 */
export function chunkModulesReport(target = process.env.CHUNK_MODULES): Plugin {
  return {
    name: 'designer-console:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (!target) return;
      const chunks: ChunkModules[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = Object.entries(output.modules)
          .map(([id, module]) => ({
            id: shortModuleId(id),
            length: module.renderedLength,
            importers: (this.getModuleInfo(id)?.importers ?? []).map(shortModuleId),
          }))
          .filter((module) => module.length > 0)
          .sort((a, b) => b.length - a.length);
        chunks.push({ file: output.fileName, modules });
      }
      writeFileSync(target, JSON.stringify(chunks, null, 1));
    },
  };
}
