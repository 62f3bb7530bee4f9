import { gunzipSync } from 'node:zlib';
import type { ListPage, LookBackground, LookModel } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedObjectFiles } from '../oss/support/store.ts';
import { API } from '../support/test-app.ts';
import type { VideosApp } from '../videos/support.ts';
import {
  call,
  createLooksApp,
  glbOf,
  insertProduct,
  lookBody,
  modelUpload,
  type Session,
  shippedGlb,
  shippedIds,
  someDesigner,
  trianglesJson,
  uploadModel,
} from './support.ts';

let t: VideosApp;
let alice: Session;
let bob: Session;
beforeAll(async () => {
  t = await createLooksApp();
  alice = await someDesigner(t, 'alice');
  bob = await someDesigner(t, 'bob');
}, 60_000);
afterAll(() => t?.close());

describe('issue 9 item 1: backgrounds', () => {
  it('every designer sees the shipped backgrounds; they cannot be changed or deleted (40300)', async () => {
    const list = await call<ListPage<LookBackground>>(t, alice, 'GET', '/look-backgrounds');
    const shipped = list.data.dataList.filter((b) => b.shipped);
    expect(shipped.map((b) => b.shippedKey)).toEqual(['studio-white', 'dawn', 'night', 'studio-light']);
    expect(shipped.find((b) => b.kind === 'hdr')!.imageUrl).toBe(`${API}/look-assets/studio-equirect.png`);
    const put = await call(t, alice, 'PUT', `/look-backgrounds/${shipped[0]!.id}`, {
      name: '改名',
      kind: 'solid',
      colors: ['#000000'],
    });
    expect([put.status, put.code]).toEqual([403, 40300]);
    const del = await call(t, alice, 'DELETE', `/look-backgrounds/${shipped[0]!.id}`);
    expect(del.code).toBe(40300);
  });

  it('create, edit, delete; colours by kind; a picture kind needs an uploaded image (40000 naming the field)', async () => {
    const created = await call<LookBackground>(t, alice, 'POST', '/look-backgrounds', {
      name: '品牌紫',
      kind: 'gradient',
      colors: ['#593bff', '#ffffff'],
    });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ kind: 'gradient', colors: ['#593BFF', '#FFFFFF'], shipped: false });
    const oneColour = await call<{ errors: { path: string }[] }>(t, alice, 'POST', '/look-backgrounds', {
      name: 'x',
      kind: 'gradient',
      colors: ['#593bff'],
    });
    expect([oneColour.code, oneColour.data.errors[0]!.path]).toEqual([40000, 'colors']);
    const noImage = await call<{ errors: { path: string }[] }>(t, alice, 'POST', '/look-backgrounds', {
      name: 'x',
      kind: 'image',
    });
    expect([noImage.code, noImage.data.errors[0]!.path]).toEqual([40000, 'imageId']);
    const notMine = await call<{ errors: { path: string }[] }>(t, alice, 'POST', '/look-backgrounds', {
      name: 'x',
      kind: 'hdr',
      imageId: 999_999,
    });
    expect([notMine.code, notMine.data.errors[0]!.path]).toEqual([40000, 'imageId']);

    const edited = await call<LookBackground>(t, alice, 'PUT', `/look-backgrounds/${created.data.id}`, {
      name: '纯黑',
      kind: 'solid',
      colors: ['#000000'],
    });
    expect(edited.data).toMatchObject({ name: '纯黑', kind: 'solid', colors: ['#000000'] });
    expect(
      (
        await call(t, bob, 'PUT', `/look-backgrounds/${created.data.id}`, {
          name: 'b',
          kind: 'solid',
          colors: ['#000000'],
        })
      ).code,
    ).toBe(40400);
    const bobList = await call<ListPage<LookBackground>>(t, bob, 'GET', '/look-backgrounds');
    expect(bobList.data.dataList.some((b) => b.id === created.data.id)).toBe(false);
    expect((await call(t, alice, 'DELETE', `/look-backgrounds/${created.data.id}`)).code).toBe(200);
  });

  it('delete is refused (40900) while a look uses the background', async () => {
    const created = await call<LookBackground>(t, alice, 'POST', '/look-backgrounds', {
      name: '米白',
      kind: 'solid',
      colors: ['#f5f0e8'],
    });
    const look = await call<{ id: number }>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({ backgroundId: created.data.id }),
    );
    expect(look.code).toBe(200);
    const refused = await call(t, alice, 'DELETE', `/look-backgrounds/${created.data.id}`);
    expect([refused.status, refused.code]).toEqual([409, 40900]);
    const listed = await call<ListPage<LookBackground>>(t, alice, 'GET', '/look-backgrounds');
    expect(listed.data.dataList.find((b) => b.id === created.data.id)!.lookCount).toBe(1);
    await call(t, alice, 'DELETE', `/looks/${look.data.id}`);
    expect((await call(t, alice, 'DELETE', `/look-backgrounds/${created.data.id}`)).code).toBe(200);
  });
});

describe('issue 9 item 2: models', () => {
  it('the shipped models are ready, generated .glb files served publicly', async () => {
    const list = await call<ListPage<LookModel>>(t, alice, 'GET', '/look-models');
    const shipped = list.data.dataList.filter((m) => m.shipped);
    expect(shipped.map((m) => m.shippedKey)).toEqual([
      'mannequin-female',
      'mannequin-male',
      'dress-form',
      'coat-form',
    ]);
    expect(shipped.every((m) => m.status === 'ready' && m.triangleCount > 1000 && m.byteSize > 10_000)).toBe(
      true,
    );
    const file = await t.app.inject({ method: 'GET', url: shipped[2]!.modelUrl! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('model/gltf-binary');
    expect(file.rawPayload.equals(shippedGlb('dress-form.glb'))).toBe(true);
    const zipped = await t.app.inject({
      method: 'GET',
      url: shipped[2]!.modelUrl!,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(file.rawPayload.length * 0.7);
    expect(gunzipSync(zipped.rawPayload).equals(file.rawPayload)).toBe(true);
    const poster = await t.app.inject({ method: 'GET', url: shipped[2]!.posterUrl! });
    expect(poster.headers['content-type']).toBe('image/png');
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/look-assets/..%2Fsecret.glb` })).statusCode,
    ).toBe(400);
    expect((await call(t, alice, 'DELETE', `/look-models/${shipped[0]!.id}`)).code).toBe(40300);
  });

  it('a good .glb uploads through the store and becomes ready with its triangle count', async () => {
    const bytes = shippedGlb('coat-form.glb');
    const { modelId, finished } = await uploadModel(t, alice, bytes);
    expect(finished.code).toBe(200);
    expect(finished.data).toMatchObject({
      id: modelId,
      status: 'ready',
      byteSize: bytes.length,
      shipped: false,
    });
    expect(finished.data.triangleCount).toBeGreaterThan(1000);
    expect(finished.data.modelUrl).toContain(`/designers/${alice.id}/models/`);
    const bobList = await call<ListPage<LookModel>>(t, bob, 'GET', '/look-models');
    expect(bobList.data.dataList.some((m) => m.id === modelId)).toBe(false);
    const edited = await call<LookModel>(t, alice, 'PUT', `/look-models/${modelId}`, {
      name: '大衣人台',
      bodyType: 'male',
      sizeLabel: 'XL',
      status: 'disabled',
    });
    expect(edited.data).toMatchObject({ name: '大衣人台', status: 'disabled', sizeLabel: 'XL' });
    expect((await call(t, bob, 'PUT', `/look-models/${modelId}`, { name: 'x', bodyType: 'male' })).code).toBe(
      40400,
    );
  });

  it('a file that is not glTF, not version 2, or over 300k triangles is refused on `file`, its object and row deleted', async () => {
    for (const [bytes, reason] of [
      // Answered in Chinese, the language of a request without Accept-Language.
      [Buffer.from('this is an OBJ file, not a glb at all'), /不是二进制 glTF/],
      [glbOf(trianglesJson(3), { version: 1 }), /版本为 1/],
      [glbOf(trianglesJson(900_003)), /300001 个三角形/],
    ] as const) {
      const before = await storedObjectFiles(t.store);
      const { modelId, finished } = await uploadModel(t, alice, bytes);
      expect(finished.status).toBe(400);
      expect(finished.code).toBe(40000);
      expect(
        (finished.data as unknown as { errors: { path: string; message: string }[] }).errors[0],
      ).toMatchObject({
        path: 'file',
        message: expect.stringMatching(reason),
      });
      expect(await storedObjectFiles(t.store)).toEqual(before);
      const list = await call<ListPage<LookModel>>(t, alice, 'GET', '/look-models');
      expect(list.data.dataList.some((m) => m.id === modelId)).toBe(false);
    }
  });

  it('create-upload refuses a non-.glb name and a file over 30 MB before any byte moves', async () => {
    const obj = await call<{ errors: { path: string }[] }>(
      t,
      alice,
      'POST',
      '/look-models/create-upload',
      modelUpload({ fileName: 'form.obj' }),
    );
    expect([obj.code, obj.data.errors[0]!.path]).toEqual([40000, 'fileName']);
    const big = await call<{ errors: { path: string }[] }>(
      t,
      alice,
      'POST',
      '/look-models/create-upload',
      modelUpload({ fileSize: 30 * 1024 * 1024 + 1 }),
    );
    expect([big.code, big.data.errors[0]!.path]).toEqual([40000, 'fileSize']);
  });

  it('a model used by a look cannot be deleted (40900); unused, it goes with its file', async () => {
    const { modelId, key } = await uploadModel(t, alice, shippedGlb('mannequin-female.glb'));
    const product = await insertProduct(t, alice.id);
    const look = await call<{ id: number }>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({ modelId, products: [{ productId: product.id, variantId: product.variants[0]! }] }),
    );
    expect((await call(t, alice, 'DELETE', `/look-models/${modelId}`)).code).toBe(40900);
    await call(t, alice, 'DELETE', `/looks/${look.data.id}`);
    expect((await call(t, alice, 'DELETE', `/look-models/${modelId}`)).code).toBe(200);
    expect(
      (await storedObjectFiles(t.store)).some((file) => file.includes(key.split('/').pop()!.slice(0, 8))),
    ).toBe(false);
    const { modelId: other } = await uploadModel(t, alice, shippedGlb('mannequin-male.glb'));
    const shipped = await shippedIds(t, alice);
    expect(shipped.model).toBeGreaterThan(0);
    expect((await call(t, bob, 'DELETE', `/look-models/${other}`)).code).toBe(40400);
  });
});
