import type { ListPage, LookDetail, LookRow, PublicLook } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/index.ts';
import { API, loginAs } from '../support/test-app.ts';
import type { VideosApp } from '../videos/support.ts';
import { call, createLooksApp, type Session } from './support.ts';

let t: VideosApp;
let demo: Session;
beforeAll(async () => {
  t = await createLooksApp();
  await seedDemo(t.db);
  demo = { id: 0, token: await loginAs(t.app, 'demo', 'demo123456') };
}, 120_000);
afterAll(() => t?.close());

describe('issue 9: demo looks (SEED=demo)', () => {
  it('demo has four looks on shipped models; three online with counted views and products on sale', async () => {
    const list = await call<ListPage<LookRow>>(t, demo, 'GET', '/looks');
    expect(list.data.dataList.map((row) => [row.title, row.online])).toEqual([
      ['晨光旗袍', true],
      ['通勤西装', true],
      ['夜宴礼服', true],
      ['亚麻日常（草稿）', false],
    ]);
    const online = list.data.dataList.filter((row) => row.online);
    expect(online.every((row) => row.views > 0 && row.productCount > 0 && row.modelName)).toBe(true);
    const detail = await call<LookDetail>(t, demo, 'GET', `/looks/${online[0]!.id}`);
    expect(detail.data.products.every((p) => p.onSale && p.color !== '' && p.price > 0)).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: `${API}/public/looks/${online[0]!.id}` });
    const shown = res.json() as { code: number; data: PublicLook };
    expect(shown.code).toBe(200);
    expect(shown.data.products).toHaveLength(detail.data.products.length);
  });
});
