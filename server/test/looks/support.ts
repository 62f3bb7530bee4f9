import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LookBody, LookModel, LookModelUploadBody } from '@dc/contract';
import { products, productVariants } from '../../src/db/schema/index.ts';
import { demoPictureUrl } from '../../src/modules/image-files/store.ts';
import { ossRequest } from '../oss/support/store.ts';
import type { TestApp } from '../support/test-app.ts';
import { call, decodeGrant, type Session, type VideosApp } from '../videos/support.ts';

export {
  call,
  createVideosApp as createLooksApp,
  getUrl,
  type Session,
  someDesigner,
} from '../videos/support.ts';

export const ASSETS = path.resolve(import.meta.dirname, '../../src/seed/looks-assets');
export const shippedGlb = (file = 'dress-form.glb') => readFileSync(path.join(ASSETS, file));

/** A .glb whose JSON chunk is `json` and whose BIN chunk is `binBytes` zero bytes. */
export function glbOf(json: object, options: { version?: number; binBytes?: number } = {}): Buffer {
  const text = Buffer.from(JSON.stringify(json));
  const jsonChunk = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const bin = Buffer.alloc(options.binBytes ?? 12);
  const total = 12 + 8 + jsonChunk.length + 8 + bin.length;
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(options.version ?? 2, 4);
  header.writeUInt32LE(total, 8);
  header.writeUInt32LE(jsonChunk.length, 12);
  header.write('JSON', 16, 'latin1');
  const binHeader = Buffer.alloc(8);
  binHeader.writeUInt32LE(bin.length, 0);
  binHeader.write('BIN\0', 4, 'latin1');
  return Buffer.concat([header, jsonChunk, binHeader, bin]);
}

/** The JSON of a model with `indexCount` indices on one primitive (its BIN is not read by the check). */
export const trianglesJson = (indexCount: number, assetVersion = '2.0') => ({
  asset: { version: assetVersion },
  meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
  accessors: [
    { count: 3, type: 'VEC3', componentType: 5126 },
    { count: indexCount, type: 'SCALAR', componentType: 5125 },
  ],
});

export const modelUpload = (change: Partial<LookModelUploadBody> = {}): LookModelUploadBody => ({
  name: '我的人台',
  bodyType: 'female',
  sizeLabel: 'M',
  fileName: 'form.glb',
  fileSize: 1024,
  ...change,
});

/** create-upload, PutObject of `bytes`, then upload-finished; answers the finished call. */
export async function uploadModel(
  t: VideosApp,
  who: Session,
  bytes: Buffer,
  change: Partial<LookModelUploadBody> = {},
) {
  const created = await call<{ modelId: string; uploadAddress: string; uploadAuth: string }>(
    t,
    who,
    'POST',
    '/look-models/create-upload',
    modelUpload({ fileSize: bytes.length, ...change }),
  );
  if (created.code !== 200) throw new Error(`create-upload: ${created.msg}`);
  const grant = decodeGrant(created.data);
  const put = await ossRequest(grant.address.Endpoint, {
    method: 'PUT',
    key: grant.address.FileName,
    body: bytes,
    headers: { 'Content-Type': 'model/gltf-binary' },
    credentials: grant.auth,
  });
  if (put.status !== 200) throw new Error(`PutObject: ${put.status} ${put.code}`);
  const finished = await call<LookModel>(
    t,
    who,
    'POST',
    `/look-models/${created.data.modelId}/upload-finished`,
  );
  return { modelId: Number(created.data.modelId), key: grant.address.FileName, finished };
}

/** A product of the designer with one variant per colour; answers ids. */
export async function insertProduct(
  t: TestApp,
  designerId: number,
  colors: string[] = ['黑色', '酒红'],
  status = 'on_sale',
): Promise<{ id: number; variants: number[] }> {
  const now = new Date();
  const [product] = await t.db
    .insert(products)
    .values({
      designerId,
      title: '真丝盘扣旗袍',
      category: 'qipao',
      images: [demoPictureUrl(designerId, 'garment-qipao-black')],
      status,
      minPrice: 128_000,
      maxPrice: 138_000,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: products.id });
  const variants = await t.db
    .insert(productVariants)
    .values(
      colors.map((color, index) => ({
        productId: product!.id,
        designerId,
        size: 'M',
        color,
        sku: `SKU-${product!.id}-${index}`,
        price: 128_000 + index * 10_000,
        originalPrice: 158_000,
        stock: 5,
        position: index,
      })),
    )
    .returning({ id: productVariants.id });
  return { id: product!.id, variants: variants.map((v) => v.id) };
}

/** The first shipped model and background ids as the designer sees them. */
export async function shippedIds(t: TestApp, who: Session) {
  const models = await call<{ dataList: { id: number; shippedKey: string | null }[] }>(
    t,
    who,
    'GET',
    '/look-models',
  );
  const backgrounds = await call<{ dataList: { id: number; shippedKey: string | null }[] }>(
    t,
    who,
    'GET',
    '/look-backgrounds',
  );
  return {
    model: models.data.dataList.find((m) => m.shippedKey === 'dress-form')!.id,
    background: backgrounds.data.dataList.find((b) => b.shippedKey === 'dawn')!.id,
  };
}

export const lookBody = (change: Partial<LookBody> = {}): LookBody => ({
  title: '早春通勤',
  description: '真丝旗袍配晨光背景',
  sortOrder: 1,
  ...change,
});
