import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdIsBrightShim } from './build/antd-is-bright.ts';
import { chunkModulesReport } from './build/chunk-modules.ts';
import { uniquePageNames } from './build/page-names.ts';
import { precompress } from './build/precompress.ts';
import { pureContractSchemas } from './build/pure-schemas.ts';

/** node_modules packages known to have no import-time side effects (see `treeshake` below). */
const SIDE_EFFECT_FREE_PACKAGES =
  /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@babel[\\/]runtime)[\\/]/;

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    uniquePageNames(path.resolve(import.meta.dirname, 'src/pages')),
    precompress(),
    // The contract's schemas no page uses are dropped: a page needing only a constant of a
    // contract module does not carry zod along (the login page).
    pureContractSchemas(),
    antdIsBrightShim(),
    chunkModulesReport(),
  ],
  server: {
    port: 5173,
    proxy: { '/designerapi': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The manifest maps each page to its chunks: the bundle budget test reads it.
    manifest: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      treeshake: {
        // These packages declare no `sideEffects` although importing them does nothing but define
        // exports: without this, one import of a helper (antd's button style reads the colour
        // picker's Color class) keeps whole components (the colour picker, collapse) in the chunk.
        moduleSideEffects: [{ test: SIDE_EFFECT_FREE_PACKAGES, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // three.js is one chunk of over 600 KB otherwise; its core (math, scene graph) and its
          // WebGL renderer are separate files, so two chunks stay under the 500 KB limit. Both load
          // only with the 3D pages.
          groups: [
            { name: 'three-core', test: /[\\/]node_modules[\\/]three[\\/]build[\\/]three\.core\.js$/ },
          ],
        },
      },
    },
  },
});
