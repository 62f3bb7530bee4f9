import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, type BackgroundKind, type BodyType } from '@dc/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lookBackgrounds, lookModels } from '../../db/schema/index.ts';
import { checkGltfJson, GLB_PREFIX_BYTES, glbJsonLength } from './glb-check.ts';

/**
 * The backgrounds and models the app ships (designer_id null): generated files committed under
 * seed/looks-assets (`generate.ts` there makes them), served by `GET /look-assets/:file`. Their
 * rows are upserted by `shipped_key` the first time the module needs them, so every database —
 * demo or empty — offers them.
 */
export const ASSETS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../seed/looks-assets',
);

export const shippedAssetUrl = (file: string) => `${API_PREFIX}/look-assets/${file}`;

interface ShippedModelEntry {
  key: string;
  name: string;
  file: string;
  poster: string;
  bodyType: BodyType;
  sizeLabel: string;
}

interface ShippedBackgroundEntry {
  key: string;
  name: string;
  kind: BackgroundKind;
  colors: string[];
  file?: string;
}

export const SHIPPED_MODELS: readonly ShippedModelEntry[] = [
  {
    key: 'mannequin-female',
    name: '女装人台',
    file: 'mannequin-female.glb',
    poster: 'mannequin-female.png',
    bodyType: 'female',
    sizeLabel: 'M',
  },
  {
    key: 'mannequin-male',
    name: '男装人台',
    file: 'mannequin-male.glb',
    poster: 'mannequin-male.png',
    bodyType: 'male',
    sizeLabel: 'L',
  },
  {
    key: 'dress-form',
    name: '连衣裙人台',
    file: 'dress-form.glb',
    poster: 'dress-form.png',
    bodyType: 'female',
    sizeLabel: 'S',
  },
  {
    key: 'coat-form',
    name: '外套人台',
    file: 'coat-form.glb',
    poster: 'coat-form.png',
    bodyType: 'male',
    sizeLabel: 'XL',
  },
];

export const SHIPPED_BACKGROUNDS: readonly ShippedBackgroundEntry[] = [
  { key: 'studio-white', name: '影棚白', kind: 'solid', colors: ['#F2EFEA'] },
  { key: 'dawn', name: '晨光', kind: 'gradient', colors: ['#FBE3D6', '#C9D6F0'] },
  { key: 'night', name: '夜幕', kind: 'gradient', colors: ['#2B3048', '#0B0C12'] },
  { key: 'studio-light', name: '摄影棚环境光', kind: 'hdr', colors: [], file: 'studio-equirect.png' },
];

/** The file of a shipped background with a picture (undefined: colours only, or not shipped). */
export const shippedBackgroundFile = (key: string | null) =>
  SHIPPED_BACKGROUNDS.find((entry) => entry.key === key)?.file;

/** Bytes and triangles of a shipped model file, read once. */
function modelFacts(file: string): { bytes: number; triangles: number } {
  const full = path.join(ASSETS_DIR, file);
  const bytes = readFileSync(full);
  const header = glbJsonLength(bytes.subarray(0, GLB_PREFIX_BYTES), statSync(full).size);
  if (!header.ok) throw new Error(`${file}: ${header.reason}`);
  const verdict = checkGltfJson(bytes.toString('utf8', GLB_PREFIX_BYTES, GLB_PREFIX_BYTES + header.length));
  if (!verdict.ok) throw new Error(`${file}: ${verdict.reason}`);
  return { bytes: bytes.length, triangles: verdict.triangles };
}

const done = new WeakMap<Database, Promise<void>>();

/** Inserts the shipped rows that are missing (and refreshes their facts); once per database. */
export function ensureShippedAssets(db: Database): Promise<void> {
  let pending = done.get(db);
  if (!pending) {
    pending = upsertShipped(db, new Date());
    pending.catch(() => done.delete(db));
    done.set(db, pending);
  }
  return pending;
}

export async function upsertShipped(db: Database, now: Date): Promise<void> {
  await db
    .insert(lookModels)
    .values(
      SHIPPED_MODELS.map((entry) => {
        const facts = modelFacts(entry.file);
        return {
          designerId: null,
          shippedKey: entry.key,
          name: entry.name,
          assetFile: entry.file,
          fileName: entry.file,
          posterAssetFile: entry.poster,
          bodyType: entry.bodyType,
          sizeLabel: entry.sizeLabel,
          status: 'ready',
          triangleCount: facts.triangles,
          byteSize: facts.bytes,
          createdAt: now,
          updatedAt: now,
        };
      }),
    )
    .onConflictDoUpdate({
      target: lookModels.shippedKey,
      set: {
        triangleCount: sql`excluded.triangle_count`,
        byteSize: sql`excluded.byte_size`,
        assetFile: sql`excluded.asset_file`,
        posterAssetFile: sql`excluded.poster_asset_file`,
      },
    });
  await db
    .insert(lookBackgrounds)
    .values(
      SHIPPED_BACKGROUNDS.map((entry) => ({
        designerId: null,
        shippedKey: entry.key,
        name: entry.name,
        kind: entry.kind,
        colors: entry.colors,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: lookBackgrounds.shippedKey });
}
