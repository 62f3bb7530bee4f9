import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { mediaStoreFor, type RequestOrigin } from '../../media/media-store.ts';
import { designerPrefix } from '../../oss/index.ts';
import { StoreLayout } from '../../oss/layout.ts';
import { ObjectFiles } from '../../oss/objects.ts';
import { checkGltfJson, GLB_PREFIX_BYTES, type GlbVerdict, glbJsonLength } from './glb-check.ts';

/** A fresh key for a designer's model: `designers/<id>/models/<32 hex>.glb`. */
export const newModelKey = (designerId: number) =>
  `${designerPrefix(designerId)}models/${randomBytes(16).toString('hex')}.glb`;

/** A signed GET link to one of a designer's stored objects (a model or a picture). */
export async function objectLink(
  config: Config,
  ownerId: number,
  key: string,
  origin: RequestOrigin,
  now: Date,
): Promise<string> {
  return (await mediaStoreFor(config).readLink(ownerId, key, origin, now)).url;
}

/**
 * Checks a stored .glb without reading all of it: the header, then the JSON chunk only.
 * `missing`: the object is not in the store (yet).
 */
export async function inspectStoredGlb(
  config: Config,
  key: string,
): Promise<(GlbVerdict & { size: number }) | { missing: true }> {
  const files = new ObjectFiles(new StoreLayout(path.join(config.dataDir, 'objects')));
  const opened = await files.open(config.ossBucket, key);
  if (!opened) return { missing: true };
  try {
    const size = opened.meta.size;
    const prefix = Buffer.alloc(Math.min(GLB_PREFIX_BYTES, size));
    await opened.file.read(prefix, 0, prefix.length, 0);
    const header = glbJsonLength(prefix, size);
    if (!header.ok) return { ...header, size };
    const json = Buffer.alloc(header.length);
    await opened.file.read(json, 0, header.length, GLB_PREFIX_BYTES);
    return { ...checkGltfJson(json.toString('utf8')), size };
  } finally {
    await opened.file.close();
  }
}
