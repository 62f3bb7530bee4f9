import { MODEL_MAX_BYTES, MODEL_MAX_TRIANGLES } from '@dc/contract';
import { message, type Wording } from '../../http/messages.ts';
import { looksMessages } from './messages.ts';

/** The 12-byte header and the first chunk's 8-byte header of a .glb. */
export const GLB_PREFIX_BYTES = 20;
/** A JSON chunk larger than this is not a model anyone made for the web. */
export const GLB_JSON_MAX_BYTES = 8 * 1024 * 1024;

const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;

interface GltfJson {
  asset?: { version?: unknown };
  meshes?: { primitives?: { mode?: number; indices?: number; attributes?: { POSITION?: number } }[] }[];
  accessors?: { count?: unknown }[];
}

export type GlbVerdict = { ok: true; triangles: number } | { ok: false; reason: Wording };

/** Reads the header: the JSON chunk's length, or why this is no binary glTF 2.0. */
export function glbJsonLength(
  prefix: Buffer,
  fileSize: number,
): { ok: true; length: number } | { ok: false; reason: Wording } {
  if (fileSize > MODEL_MAX_BYTES)
    return { ok: false, reason: message(looksMessages.glbTooLarge, { mb: MODEL_MAX_BYTES / 1024 / 1024 }) };
  if (prefix.length < GLB_PREFIX_BYTES || prefix.toString('latin1', 0, 4) !== 'glTF') {
    return { ok: false, reason: looksMessages.glbNotBinary };
  }
  const version = prefix.readUInt32LE(4);
  if (version !== 2) return { ok: false, reason: message(looksMessages.glbVersion, { version }) };
  if (prefix.readUInt32LE(8) !== fileSize) return { ok: false, reason: looksMessages.glbCutShort };
  const length = prefix.readUInt32LE(12);
  if (prefix.toString('latin1', 16, 20) !== 'JSON') return { ok: false, reason: looksMessages.glbFirstChunk };
  if (length > GLB_JSON_MAX_BYTES || GLB_PREFIX_BYTES + length > fileSize) {
    return { ok: false, reason: looksMessages.glbJsonTooLarge };
  }
  return { ok: true, length };
}

/** Triangles of one primitive: from its indices, else its positions. */
function primitiveTriangles(
  primitive: NonNullable<NonNullable<GltfJson['meshes']>[number]['primitives']>[number],
  accessors: NonNullable<GltfJson['accessors']>,
): number {
  const mode = primitive.mode ?? TRIANGLES;
  if (mode !== TRIANGLES && mode !== TRIANGLE_STRIP && mode !== TRIANGLE_FAN) return 0;
  const accessorIndex = primitive.indices ?? primitive.attributes?.POSITION;
  const count = typeof accessorIndex === 'number' ? accessors[accessorIndex]?.count : undefined;
  if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) return Number.NaN;
  return mode === TRIANGLES ? Math.floor(count / 3) : Math.max(0, count - 2);
}

/**
 * Checks the JSON chunk: asset version 2.0 and at most 300k triangles, counted from the
 * accessors of every mesh primitive (indices / 3, or positions / 3 when not indexed).
 */
export function checkGltfJson(jsonText: string): GlbVerdict {
  let json: GltfJson;
  try {
    json = JSON.parse(jsonText) as GltfJson;
  } catch {
    return { ok: false, reason: looksMessages.glbJsonInvalid };
  }
  if (typeof json !== 'object' || json === null || String(json.asset?.version ?? '').split('.')[0] !== '2') {
    return { ok: false, reason: looksMessages.glbAssetVersion };
  }
  const accessors = Array.isArray(json.accessors) ? json.accessors : [];
  let triangles = 0;
  for (const mesh of Array.isArray(json.meshes) ? json.meshes : []) {
    for (const primitive of Array.isArray(mesh.primitives) ? mesh.primitives : []) {
      triangles += primitiveTriangles(primitive, accessors);
    }
  }
  if (Number.isNaN(triangles)) return { ok: false, reason: looksMessages.glbAccessorMissing };
  if (triangles === 0) return { ok: false, reason: looksMessages.glbNoTriangles };
  if (triangles > MODEL_MAX_TRIANGLES) {
    return {
      ok: false,
      reason: message(looksMessages.glbTooManyTriangles, { triangles, max: MODEL_MAX_TRIANGLES }),
    };
  }
  return { ok: true, triangles };
}
