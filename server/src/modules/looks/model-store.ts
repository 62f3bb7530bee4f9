import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { objectReadLink } from '../../media/read-links.ts';
import { designerPrefix } from '../../oss/index.ts';
import { objectStoreFor, type RequestOrigin } from '../../storage/index.ts';
import { checkGltfJson, GLB_PREFIX_BYTES, type GlbVerdict, glbJsonLength } from './glb-check.ts';

/** A fresh key for a designer's model: `designers/<id>/models/<32 hex>.glb`. */
export const newModelKey = (designerId: number) =>
  `${designerPrefix(designerId)}models/${randomBytes(16).toString('hex')}.glb`;

/** A signed GET link to one of a designer's stored objects (a model or a picture); '' when missing. */
export async function objectLink(
  config: Config,
  _ownerId: number,
  key: string,
  origin: RequestOrigin,
  now: Date,
): Promise<string> {
  return (await objectReadLink(config, key, origin, now))?.url ?? '';
}

/**
 * Checks a stored .glb without reading all of it: the header, then the JSON chunk only.
 * `missing`: the object is not in the store (yet).
 */
export async function inspectStoredGlb(
  config: Config,
  key: string,
): Promise<(GlbVerdict & { size: number }) | { missing: true }> {
  const store = objectStoreFor(config);
  const object = await store.head(key);
  const prefix = object && (await store.readBytes(key, 0, Math.min(GLB_PREFIX_BYTES, object.size)));
  if (!object || !prefix) return { missing: true };
  const size = object.size;
  const header = glbJsonLength(prefix, size);
  if (!header.ok) return { ...header, size };
  const json = await store.readBytes(key, GLB_PREFIX_BYTES, header.length);
  if (!json) return { missing: true };
  return { ...checkGltfJson(json.toString('utf8')), size };
}
