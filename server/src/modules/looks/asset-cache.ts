import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ASSETS_DIR } from './shipped.ts';

/** The content type of a shipped file by its extension. */
export const ASSET_TYPES: Record<string, string> = { glb: 'model/gltf-binary', png: 'image/png' };

/** The shipped files in memory (a few hundred KB), each .glb also gzipped once. */
const assetCache = new Map<string, Promise<{ raw: Buffer; gzip: Buffer | null } | undefined>>();
export function shippedAsset(file: string) {
  let cached = assetCache.get(file);
  if (!cached) {
    cached = readFile(path.join(ASSETS_DIR, file)).then(
      (raw) => ({ raw, gzip: file.endsWith('.glb') ? gzipSync(raw, { level: 9 }) : null }),
      () => undefined,
    );
    assetCache.set(file, cached);
  }
  return cached;
}
