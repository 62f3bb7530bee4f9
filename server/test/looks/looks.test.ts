import type { ListPage, LookDetail, LookRow, LookStats, PublicLook } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOK_EVENTS_PER_IP } from '../../src/modules/looks/public.ts';
import { API } from '../support/test-app.ts';
import type { VideosApp } from '../videos/support.ts';
import {
  call,
  createLooksApp,
  insertProduct,
  lookBody,
  type Session,
  shippedGlb,
  shippedIds,
  someDesigner,
  uploadModel,
} from './support.ts';

let t: VideosApp;
let alice: Session;
let bob: Session;
let ids: { model: number; background: number };
beforeAll(async () => {
  t = await createLooksApp();
  alice = await someDesigner(t, 'alice');
  bob = await someDesigner(t, 'bob');
  ids = await shippedIds(t, alice);
}, 60_000);
afterAll(() => t?.close());

type Errors = { errors: { path: string; message: string }[] };

/** A public call: no session header, from `ip`. */
async function publicCall<T>(method: 'GET' | 'POST', path: string, payload?: object, ip = '203.0.113.9') {
  const res = await t.app.inject({
    method,
    url: `${API}${path}`,
    remoteAddress: ip,
    ...(payload ? { payload } : {}),
  });
  const body = res.json() as { code: number; data: T };
  return { status: res.statusCode, code: body.code, data: body.data };
}

describe('issue 9 item 3: looks', () => {
  it('a look with a shipped model, a background and products in one colour each; detail and list', async () => {
    const coat = await insertProduct(t, alice.id, ['藏青', '卡其']);
    const dress = await insertProduct(t, alice.id, ['酒红']);
    const created = await call<LookDetail>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({
        modelId: ids.model,
        backgroundId: ids.background,
        camera: { azimuth: 30, polar: 80, distance: 2.5, target: [0, 1, 0] },
        products: [
          { productId: dress.id, variantId: dress.variants[0]! },
          { productId: coat.id, variantId: coat.variants[1]! },
        ],
      }),
    );
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({
      title: '早春通勤',
      online: false,
      modelName: '连衣裙人台',
      background: { shippedKey: 'dawn', kind: 'gradient' },
      camera: { azimuth: 30, polar: 80, distance: 2.5, target: [0, 1, 0] },
      productCount: 2,
      views: 0,
    });
    expect(created.data.products.map((p) => [p.productId, p.color, p.price])).toEqual([
      [dress.id, '酒红', 128_000],
      [coat.id, '卡其', 138_000],
    ]);
    expect(created.data.shareUrl).toMatch(new RegExp(`/3D-h5\\?id=${created.data.id}$`));
    expect(created.data.posterUrl).toBe(`${API}/look-assets/dress-form.png`);

    const edited = await call<LookDetail>(
      t,
      alice,
      'PUT',
      `/looks/${created.data.id}`,
      lookBody({ title: '改版', modelId: ids.model, products: [{ productId: coat.id, variantId: null }] }),
    );
    expect(edited.data).toMatchObject({ title: '改版', backgroundId: null, productCount: 1 });
    expect(edited.data.products[0]).toMatchObject({ color: '', price: 128_000 });

    const list = await call<ListPage<LookRow>>(t, alice, 'GET', '/looks');
    expect(list.data.dataList.map((row) => row.id)).toContain(created.data.id);
    expect((await call(t, bob, 'GET', `/looks/${created.data.id}`)).code).toBe(40400);
    expect((await call(t, bob, 'PUT', `/looks/${created.data.id}`, lookBody())).code).toBe(40400);
    expect((await call(t, bob, 'DELETE', `/looks/${created.data.id}`)).code).toBe(40400);
    expect((await call<ListPage<LookRow>>(t, bob, 'GET', '/looks')).data.totalNumber).toBe(0);
  });

  it("bad references answer 40000 on the field: another designer's product, a colour of another product, an unknown model", async () => {
    const mine = await insertProduct(t, alice.id);
    const theirs = await insertProduct(t, bob.id);
    const foreign = await call<Errors>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({ products: [{ productId: theirs.id, variantId: null }] }),
    );
    expect([foreign.code, foreign.data.errors[0]!.path]).toEqual([40000, 'products.0.productId']);
    const wrongColour = await call<Errors>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({ products: [{ productId: mine.id, variantId: theirs.variants[0]! }] }),
    );
    expect([wrongColour.code, wrongColour.data.errors[0]!.path]).toEqual([40000, 'products.0.variantId']);
    const model = await call<Errors>(t, alice, 'POST', '/looks', lookBody({ modelId: 999_999 }));
    expect([model.code, model.data.errors[0]!.path]).toEqual([40000, 'modelId']);
    const twice = await call<Errors>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({
        products: [
          { productId: mine.id, variantId: null },
          { productId: mine.id, variantId: null },
        ],
      }),
    );
    expect([twice.code, twice.data.errors[0]!.path]).toEqual([40000, 'products']);
    const camera = await call<Errors>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({ camera: { azimuth: 400, polar: 80, distance: 3, target: [0, 1, 0] } }),
    );
    expect([camera.code, camera.data.errors[0]!.path]).toEqual([40000, 'camera.azimuth']);
  });

  it('a look with no model cannot go online (40000 on modelId), by the toggle or the form', async () => {
    const draft = await call<LookDetail>(t, alice, 'POST', '/looks', lookBody());
    const toggle = await call<Errors>(t, alice, 'POST', `/looks/${draft.data.id}/online`, { online: true });
    expect([toggle.code, toggle.data.errors[0]!.path]).toEqual([40000, 'modelId']);
    const form = await call<Errors>(t, alice, 'PUT', `/looks/${draft.data.id}`, lookBody({ online: true }));
    expect([form.code, form.data.errors[0]!.path]).toEqual([40000, 'modelId']);
    const withModel = await call<LookDetail>(
      t,
      alice,
      'PUT',
      `/looks/${draft.data.id}`,
      lookBody({ modelId: ids.model }),
    );
    expect(withModel.data.online).toBe(false);
    const online = await call<LookDetail>(t, alice, 'POST', `/looks/${draft.data.id}/online`, {
      online: true,
    });
    expect(online.data.online).toBe(true);
    const offline = await call<LookDetail>(t, alice, 'POST', `/looks/${draft.data.id}/online`, {
      online: false,
    });
    expect(offline.data.online).toBe(false);
  });

  it('a model disabled by its owner is refused for new looks; disabling one under an online look is refused (40900)', async () => {
    const { modelId } = await uploadModel(t, alice, shippedGlb('mannequin-female.glb'));
    const look = await call<LookDetail>(t, alice, 'POST', '/looks', lookBody({ modelId, online: true }));
    expect(look.data.online).toBe(true);
    const disable = await call(t, alice, 'PUT', `/look-models/${modelId}`, {
      name: 'm',
      bodyType: 'female',
      status: 'disabled',
    });
    expect(disable.code).toBe(40900);
    await call(t, alice, 'POST', `/looks/${look.data.id}/online`, { online: false });
    expect(
      (
        await call(t, alice, 'PUT', `/look-models/${modelId}`, {
          name: 'm',
          bodyType: 'female',
          status: 'disabled',
        })
      ).code,
    ).toBe(200);
    const fresh = await call<Errors>(t, alice, 'POST', '/looks', lookBody({ modelId }));
    expect([fresh.code, fresh.data.errors[0]!.path]).toEqual([40000, 'modelId']);
    const again = await call<Errors>(t, alice, 'POST', `/looks/${look.data.id}/online`, { online: true });
    expect(again.code).toBe(40000);
  });

  it('the list follows the sort order; sort-order changes it', async () => {
    const carol = await someDesigner(t, 'carol');
    const first = await call<LookDetail>(t, carol, 'POST', '/looks', lookBody({ title: 'A', sortOrder: 5 }));
    const second = await call<LookDetail>(t, carol, 'POST', '/looks', lookBody({ title: 'B', sortOrder: 1 }));
    const order = async () =>
      (await call<ListPage<LookRow>>(t, carol, 'GET', '/looks')).data.dataList.map((r) => r.title);
    expect(await order()).toEqual(['B', 'A']);
    await call(t, carol, 'POST', `/looks/${first.data.id}/sort-order`, { sortOrder: 0 });
    expect(await order()).toEqual(['A', 'B']);
    const online = await call<ListPage<LookRow>>(t, carol, 'GET', '/looks?online=true');
    expect(online.data.totalNumber).toBe(0);
    expect((await call(t, carol, 'DELETE', `/looks/${second.data.id}`)).code).toBe(200);
    expect((await call(t, carol, 'GET', `/looks/${second.data.id}`)).code).toBe(40400);
  });
});

describe('issue 9 item 4: the public page', () => {
  it('answers an online look without a session (products on sale only); offline or unknown: 40400', async () => {
    const onSale = await insertProduct(t, alice.id, ['米白']);
    const offShelf = await insertProduct(t, alice.id, ['黑色'], 'off_shelf');
    const look = await call<LookDetail>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({
        modelId: ids.model,
        backgroundId: ids.background,
        online: true,
        products: [
          { productId: onSale.id, variantId: onSale.variants[0]! },
          { productId: offShelf.id, variantId: null },
        ],
      }),
    );
    const shown = await publicCall<PublicLook>('GET', `/public/looks/${look.data.id}`);
    expect(shown.code).toBe(200);
    expect(shown.data).toMatchObject({
      title: '早春通勤',
      modelUrl: `${API}/look-assets/dress-form.glb`,
      background: { kind: 'gradient', colors: ['#FBE3D6', '#C9D6F0'] },
    });
    expect(shown.data.products.map((p) => p.productId)).toEqual([onSale.id]);
    expect(shown.data.products[0]).toMatchObject({ color: '米白', price: 128_000 });

    await call(t, alice, 'POST', `/looks/${look.data.id}/online`, { online: false });
    const offline = await publicCall('GET', `/public/looks/${look.data.id}`);
    expect([offline.status, offline.code]).toEqual([404, 40400]);
    expect((await publicCall('GET', '/public/looks/987654')).code).toBe(40400);
    expect((await publicCall('POST', `/public/looks/${look.data.id}/events`, { type: 'view' })).code).toBe(
      40400,
    );
  });

  it("views (once per viewer per half hour), rotations and product taps are counted into the look's stats", async () => {
    const product = await insertProduct(t, alice.id);
    const look = await call<LookDetail>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({ modelId: ids.model, online: true, products: [{ productId: product.id, variantId: null }] }),
    );
    const id = look.data.id;
    expect(
      (
        await publicCall<{ counted: boolean }>(
          'POST',
          `/public/looks/${id}/events`,
          { type: 'view' },
          '198.51.100.1',
        )
      ).data,
    ).toEqual({ counted: true });
    expect(
      (
        await publicCall<{ counted: boolean }>(
          'POST',
          `/public/looks/${id}/events`,
          { type: 'view' },
          '198.51.100.1',
        )
      ).data,
    ).toEqual({ counted: false });
    await publicCall('POST', `/public/looks/${id}/events`, { type: 'view' }, '198.51.100.2');
    await publicCall('POST', `/public/looks/${id}/events`, { type: 'rotation' }, '198.51.100.2');
    await publicCall(
      'POST',
      `/public/looks/${id}/events`,
      { type: 'productTap', productId: product.id },
      '198.51.100.2',
    );
    const strange = await publicCall<Errors>(
      'POST',
      `/public/looks/${id}/events`,
      { type: 'productTap', productId: 1 },
      '198.51.100.2',
    );
    expect([strange.code, strange.data.errors[0]!.path]).toEqual([40000, 'productId']);

    const stats = await call<LookStats>(t, alice, 'GET', `/looks/${id}/stats?days=7`);
    expect(stats.data.totals).toEqual({ views: 2, rotations: 1, productTaps: 1 });
    expect(stats.data.daily).toHaveLength(7);
    expect(stats.data.daily.at(-1)).toMatchObject({ views: 2, rotations: 1, productTaps: 1 });
    expect((await call<LookDetail>(t, alice, 'GET', `/looks/${id}`)).data.views).toBe(2);
    expect((await call(t, bob, 'GET', `/looks/${id}/stats`)).code).toBe(40400);
    expect((await call(t, alice, 'GET', `/looks/${id}/stats?days=5`)).code).toBe(40000);
  });

  it('one address flooding the events is answered 42900 with retryAfter', async () => {
    const look = await call<LookDetail>(
      t,
      alice,
      'POST',
      '/looks',
      lookBody({ modelId: ids.model, online: true }),
    );
    const ip = '192.0.2.77';
    for (let i = 0; i < LOOK_EVENTS_PER_IP.limit; i++) {
      const answer = await publicCall(
        'POST',
        `/public/looks/${look.data.id}/events`,
        { type: 'rotation' },
        ip,
      );
      expect(answer.code).toBe(200);
    }
    const refused = await publicCall<{ retryAfter: number }>(
      'POST',
      `/public/looks/${look.data.id}/events`,
      { type: 'rotation' },
      ip,
    );
    expect([refused.status, refused.code]).toEqual([429, 42900]);
    expect(refused.data.retryAfter).toBeGreaterThan(0);
    const stats = await call<LookStats>(t, alice, 'GET', `/looks/${look.data.id}/stats`);
    expect(stats.data.totals.rotations).toBe(20);
  }, 60_000);
});
