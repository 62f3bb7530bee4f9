import { statSync } from 'node:fs';
import path from 'node:path';
import {
  citiesOf,
  cityCascaderOptions,
  districtsOf,
  findRegion,
  type ListPage,
  provinces,
  regionCascaderOptions,
  regionNames,
  regionPathProblem,
  type ShopAddress,
} from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopAddresses } from '../../src/db/schema/index.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  envelopeOf,
  expectConflict,
  expectInvalid,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';

let t: AccountsApp;
beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(() => t?.close());

const TIANHE = ['440000', '440100', '440106'];
const XUHUI = ['310000', '310100', '310104'];
const XIHU = ['330000', '330100', '330106'];

const address = (change: Record<string, unknown> = {}) => ({
  consignee: '陈小姐',
  phone: '13800138000',
  region: TIANHE,
  detail: '天河路 385 号 2201',
  postalCode: '510620',
  ...change,
});

const list = async (who: Session) =>
  dataOf<ListPage<ShopAddress>>(await call(t, 'GET', '/shop-addresses', who));
const add = (who: Session, body: unknown) => call(t, 'POST', '/shop-addresses', who, body);
const defaults = async (designerId: number) =>
  (
    await t.db
      .select({ id: shopAddresses.id })
      .from(shopAddresses)
      .where(and(eq(shopAddresses.designerId, designerId), eq(shopAddresses.isDefault, true)))
  ).map((r) => r.id);

describe('region data shipped in contract/src/regions (issue 4 item 9)', () => {
  it('is a compact file under 300 KB with every province, their cities and districts', () => {
    const file = path.resolve(import.meta.dirname, '../../../contract/src/regions/regions.json');
    expect(statSync(file).size).toBeLessThan(300 * 1024);
    expect(provinces()).toHaveLength(34);
    let districts = 0;
    for (const province of provinces()) {
      const cities = citiesOf(province.code)!;
      expect(cities.length, province.name).toBeGreaterThan(0);
      for (const city of cities) {
        const list = districtsOf(city.code)!;
        expect(list.length, city.name).toBeGreaterThan(0);
        districts += list.length;
      }
    }
    expect(districts).toBeGreaterThan(3000);
    for (const [code, name] of [
      ['110101', '东城区'],
      ['310115', '浦东新区'],
      ['440106', '天河区'],
      ['440305', '南山区'],
      ['330106', '西湖区'],
      ['510107', '武侯区'],
    ]) {
      expect(findRegion(code!)).toMatchObject({ name, level: 'district' });
    }
  });

  it('validates paths and serves cascader options (value / label / children)', () => {
    expect(regionPathProblem(TIANHE)).toBeUndefined();
    expect(regionPathProblem(['440000', '440100'])).toBe('choose a province, a city and a district');
    expect(regionPathProblem(['440000', '310100', '310104'])).toBe('the city is not in the chosen province');
    expect(regionPathProblem(['440000', '440100', '440305'])).toBe('the district is not in the chosen city');
    expect(regionPathProblem(['440100', '440100', '440106'])).toBe('unknown province');
    expect(regionNames(TIANHE)).toEqual(['广东省', '广州市', '天河区']);
    const tree = regionCascaderOptions();
    const guangdong = tree.find((o) => o.value === '440000')!;
    expect(guangdong.label).toBe('广东省');
    expect(guangdong.children!.find((c) => c.value === '440100')!.children).toContainEqual({
      value: '440106',
      label: '天河区',
    });
    const cityTree = cityCascaderOptions();
    expect(cityTree.find((o) => o.value === '440000')!.children![0]).not.toHaveProperty('children');
  });
});

describe('shop addresses: create, edit, delete, set default (exactly one default)', () => {
  it('the first address becomes the default; a later one only when asked, which moves the flag', async () => {
    const me = await someone(t, 'ad_default');
    const first = dataOf<ShopAddress>(await add(me, address({ isDefault: false })));
    expect(first).toMatchObject({
      consignee: '陈小姐',
      phone: '13800138000',
      region: TIANHE,
      regionNames: ['广东省', '广州市', '天河区'],
      detail: '天河路 385 号 2201',
      postalCode: '510620',
      isDefault: true,
    });
    const second = dataOf<ShopAddress>(await add(me, address({ region: XUHUI, postalCode: '' })));
    expect(second.isDefault).toBe(false);
    t.clock.advance(1000);
    const res = await add(me, address({ region: XIHU, phone: '0571-86001234', isDefault: true }));
    const third = dataOf<ShopAddress>(res);
    expect(envelopeOf(res).msg).toBe('地址已添加');
    expect(third.isDefault).toBe(true);
    expect(await defaults(me.id)).toEqual([third.id]);
    const all = await list(me);
    expect(all).toMatchObject({ totalNumber: 3, totalPages: 1 });
    expect(all.dataList[0]!.id).toBe(third.id);
  });

  it('PUT replaces the fields; isDefault true takes the flag, omitted keeps it, false on the default is 40900', async () => {
    const me = await someone(t, 'ad_edit');
    const a = dataOf<ShopAddress>(await add(me, address()));
    const b = dataOf<ShopAddress>(await add(me, address({ consignee: 'B' })));
    const edited = dataOf<ShopAddress>(
      await call(
        t,
        'PUT',
        `/shop-addresses/${b.id}`,
        me,
        address({ consignee: '王先生', region: XUHUI, detail: '漕溪北路 88 号' }),
      ),
    );
    expect(edited).toMatchObject({
      id: b.id,
      consignee: '王先生',
      region: XUHUI,
      detail: '漕溪北路 88 号',
      isDefault: false,
    });
    expectConflict(
      await call(t, 'PUT', `/shop-addresses/${a.id}`, me, address({ isDefault: false })),
      'isDefault',
    );
    expect(
      dataOf<ShopAddress>(await call(t, 'PUT', `/shop-addresses/${a.id}`, me, address({ detail: 'new' })))
        .isDefault,
    ).toBe(true);
    expect(
      dataOf<ShopAddress>(await call(t, 'PUT', `/shop-addresses/${b.id}`, me, address({ isDefault: true })))
        .isDefault,
    ).toBe(true);
    expect(await defaults(me.id)).toEqual([b.id]);
  });

  it('POST /:id/default makes it the only default (idempotent)', async () => {
    const me = await someone(t, 'ad_setdef');
    const a = dataOf<ShopAddress>(await add(me, address()));
    const b = dataOf<ShopAddress>(await add(me, address()));
    const res = await call(t, 'POST', `/shop-addresses/${b.id}/default`, me);
    expect(dataOf<ShopAddress>(res).isDefault).toBe(true);
    expect(envelopeOf(res).msg).toBe('已设为默认地址');
    dataOf(await call(t, 'POST', `/shop-addresses/${b.id}/default`, me));
    expect(await defaults(me.id)).toEqual([b.id]);
    expect((await list(me)).dataList.find((x) => x.id === a.id)!.isDefault).toBe(false);
  });

  it('deleting the default passes the flag to the most recently changed other address; deleting the last leaves none', async () => {
    const me = await someone(t, 'ad_delete');
    const a = dataOf<ShopAddress>(await add(me, address()));
    t.clock.advance(1000);
    const b = dataOf<ShopAddress>(await add(me, address()));
    t.clock.advance(1000);
    const c = dataOf<ShopAddress>(await add(me, address()));
    t.clock.advance(1000);
    dataOf(await call(t, 'PUT', `/shop-addresses/${b.id}`, me, address({ detail: 'touched' })));
    expect(dataOf(await call(t, 'DELETE', `/shop-addresses/${c.id}`, me))).toEqual({ defaultId: a.id });
    expect(dataOf(await call(t, 'DELETE', `/shop-addresses/${a.id}`, me))).toEqual({ defaultId: b.id });
    expect(await defaults(me.id)).toEqual([b.id]);
    expect(dataOf(await call(t, 'DELETE', `/shop-addresses/${b.id}`, me))).toEqual({ defaultId: null });
    expect(await list(me)).toEqual({ dataList: [], totalNumber: 0, totalPages: 0 });
    expectNotFound(await call(t, 'DELETE', `/shop-addresses/${b.id}`, me));
  });

  it('at most 20 addresses: the 21st is 40900 and nothing is added', async () => {
    const me = await someone(t, 'ad_limit');
    for (let i = 0; i < 20; i++) dataOf(await add(me, address({ detail: `No. ${i}` })));
    expectConflict(await add(me, address()));
    expect((await list(me)).totalNumber).toBe(20);
  });

  it('bad input is 40000 on the field (one error on region for a wrong path) and writes nothing', async () => {
    const me = await someone(t, 'ad_bad');
    const cases: Array<[string, Record<string, unknown>]> = [
      ['consignee', { consignee: '' }],
      ['consignee', { consignee: 'x'.repeat(33) }],
      ['phone', { phone: '12345' }],
      ['phone', { phone: '1380013800a' }],
      ['region', { region: ['440000', '440100'] }],
      ['region', { region: ['440000', '310100', '310104'] }],
      ['region', { region: ['440000', '440100', '440305'] }],
      ['region', { region: ['999999', '440100', '440106'] }],
      ['region', { region: '440106' }],
      ['detail', { detail: ' ' }],
      ['detail', { detail: 'x'.repeat(121) }],
      ['postalCode', { postalCode: '12345' }],
      ['isDefault', { isDefault: 'yes' }],
      ['tag', { tag: 'home' }],
      ['consignee', { consignee: 'a\u0000' }],
      ['detail', { detail: 'line 1\nline 2' }],
    ];
    for (const [field, change] of cases) expectInvalid(await add(me, address(change)), field);
    expect((await list(me)).totalNumber).toBe(0);
  });

  it("tenancy: another designer's address is 40400 for edit, delete and default, and stays as it was", async () => {
    const a = await someone(t, 'ad_tenant_a');
    const b = await someone(t, 'ad_tenant_b');
    const mine = dataOf<ShopAddress>(await add(a, address()));
    expectNotFound(await call(t, 'PUT', `/shop-addresses/${mine.id}`, b, address({ consignee: 'Thief' })));
    expectNotFound(await call(t, 'DELETE', `/shop-addresses/${mine.id}`, b));
    expectNotFound(await call(t, 'POST', `/shop-addresses/${mine.id}/default`, b));
    expectNotFound(await call(t, 'POST', '/shop-addresses/999999/default', a));
    expectInvalid(await call(t, 'DELETE', '/shop-addresses/abc', a), 'id');
    expect((await list(b)).totalNumber).toBe(0);
    expect((await list(a)).dataList[0]).toEqual(mine);
  });

  it('two default addresses created at once still leave exactly one default', async () => {
    const me = await someone(t, 'ad_race');
    const results = await Promise.all(Array.from({ length: 4 }, () => add(me, address({ isDefault: true }))));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await defaults(me.id)).toHaveLength(1);
  });
});
