import type { FanBatchTagAnswer, FanDetail, FanRow, ListPage, WardrobeItem } from '@dc/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanTags, images } from '../../src/db/schema/index.ts';
import { demoPictureKey, demoPictureUrl } from '../../src/modules/image-files/store.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  expectInvalid,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';
import { addFan, addTags, NOW, tagFans } from './support.ts';

let t: AccountsApp;
let me: Session;
let other: Session;
/** A small fixed fan set with hand-known answers. */
const f: Record<string, number> = {};
let tagA: number;
let tagB: number;
let tagC: number;

const day = (daysAgo: number) =>
  new Date(NOW.getTime() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'fan-owner');
  other = await someone(t, 'fan-other');
  f.ann = await addFan(t, me.id, {
    nickname: 'Ann',
    gender: 'female',
    age: 25,
    city: '440100',
    source: 'video',
    spent: 10_000,
    orders: 1,
    followedDaysAgo: 100,
    activeDaysAgo: 2,
  });
  f.bob = await addFan(t, me.id, {
    nickname: 'Bob',
    gender: 'male',
    age: 40,
    city: '310100',
    source: 'course',
    spent: 50_000,
    orders: 3,
    followedDaysAgo: 50,
    activeDaysAgo: 20,
  });
  f.cat = await addFan(t, me.id, {
    nickname: '猫猫',
    gender: 'female',
    age: 33,
    city: '310100',
    source: 'boutique',
    spent: 0,
    orders: 0,
    followedDaysAgo: 5,
    activeDaysAgo: 5,
  });
  f.dan = await addFan(t, me.id, {
    nickname: 'Dan_1',
    gender: 'unknown',
    age: null,
    city: '',
    source: 'import',
    spent: 200_000,
    orders: 9,
    followedDaysAgo: 300,
    activeDaysAgo: 200,
  });
  f.eve = await addFan(t, me.id, {
    nickname: 'Eve',
    gender: 'female',
    age: 55,
    city: '440100',
    source: 'recruitment',
    spent: 7_000,
    orders: 1,
    followedDaysAgo: 20,
    activeDaysAgo: 1,
  });
  f.theirs = await addFan(t, other.id, { nickname: 'Ann' });
  const tags = await addTags(t, me.id, 3, 'fan-tests');
  [tagA, tagB, tagC] = tags.tagIds as [number, number, number];
  await tagFans(t, [f.ann!, f.bob!], [tagA]);
  await tagFans(t, [f.bob!, f.cat!], [tagB]);
});
afterAll(() => t?.close());

const list = async (query: string, who: Session = me) =>
  dataOf<ListPage<FanRow>>(await call(t, 'GET', `/fans?pageSize=100&${query}`, who));
const ids = async (query: string) => (await list(query)).dataList.map((row) => row.id).sort((a, b) => a - b);
const set = (...names: string[]) => names.map((name) => f[name]!).sort((a, b) => a - b);

describe('issue 7 item 5 粉丝列表: filters, sort, paging', () => {
  it('lists only the designer own fans, newest follower first, with tags, age and city', async () => {
    const page = await list('');
    expect(page.totalNumber).toBe(5);
    expect(page.dataList.map((r) => r.nickname)).toEqual(['猫猫', 'Eve', 'Bob', 'Ann', 'Dan_1']);
    const bob = page.dataList.find((r) => r.id === f.bob)!;
    expect(bob).toMatchObject({
      gender: 'male',
      age: 40,
      cityCode: '310100',
      cityName: '上海市',
      source: 'course',
      totalSpent: 50_000,
      orderCount: 3,
    });
    expect(bob.tags.map((x) => x.id).sort()).toEqual([tagA, tagB].sort());
    expect(page.dataList.find((r) => r.id === f.dan)?.age).toBeNull();
    expect((await list('', other)).dataList.map((r) => r.id)).toEqual([f.theirs]);
  });

  it('filters by tags any / all / none', async () => {
    expect(await ids(`tagsAny=${tagA},${tagB}`)).toEqual(set('ann', 'bob', 'cat'));
    expect(await ids(`tagsAll=${tagA},${tagB}`)).toEqual(set('bob'));
    expect(await ids(`tagsNone=${tagA}`)).toEqual(set('cat', 'dan', 'eve'));
    expect(await ids(`tagsAny=${tagC}`)).toEqual([]);
    expect(await ids(`tagsAny=${tagB}&tagsNone=${tagA}`)).toEqual(set('cat'));
  });

  it('filters by source, gender, age range, city, spend range, keyword', async () => {
    expect(await ids('source=video,import')).toEqual(set('ann', 'dan'));
    expect(await ids('gender=female')).toEqual(set('ann', 'cat', 'eve'));
    expect(await ids('ageMin=30&ageMax=45')).toEqual(set('bob', 'cat'));
    expect(await ids('city=440100')).toEqual(set('ann', 'eve'));
    expect(await ids('spentMin=7000&spentMax=50000')).toEqual(set('ann', 'bob', 'eve'));
    expect(await ids('keyword=an')).toEqual(set('ann', 'dan'));
    expect(await ids('keyword=_')).toEqual(set('dan'));
    expect(await ids(`keyword=${f.eve}`)).toEqual(set('eve'));
  });

  it('filters by followed and active date ranges (business days)', async () => {
    expect(await ids(`followedFrom=${day(60)}&followedTo=${day(10)}`)).toEqual(set('bob', 'eve'));
    expect(await ids(`activeFrom=${day(3)}`)).toEqual(set('ann', 'eve'));
    expect(await ids(`activeTo=${day(100)}`)).toEqual(set('dan'));
  });

  it('sorts by spend, orders, activity and age, and pages', async () => {
    const bySpend = await list('sortBy=totalSpent&order=desc');
    expect(bySpend.dataList.map((r) => r.nickname)).toEqual(['Dan_1', 'Bob', 'Ann', 'Eve', '猫猫']);
    const byAge = await list('sortBy=age&order=asc');
    expect(byAge.dataList.map((r) => r.nickname)).toEqual(['Ann', '猫猫', 'Bob', 'Eve', 'Dan_1']);
    const page2 = dataOf<ListPage<FanRow>>(
      await call(t, 'GET', '/fans?pageSize=2&page=2&sortBy=lastActiveAt&order=asc', me),
    );
    expect(page2).toMatchObject({ totalNumber: 5, totalPages: 3 });
    expect(page2.dataList.map((r) => r.nickname)).toEqual(['猫猫', 'Ann']);
  });

  it('bad input is 40000 naming the field, never a 500', async () => {
    expectInvalid(await call(t, 'GET', '/fans?ageMin=50&ageMax=20', me), 'ageMax');
    expectInvalid(await call(t, 'GET', '/fans?spentMin=9&spentMax=1', me), 'spentMax');
    expectInvalid(
      await call(t, 'GET', `/fans?followedFrom=${day(1)}&followedTo=${day(9)}`, me),
      'followedTo',
    );
    expectInvalid(await call(t, 'GET', '/fans?source=tv', me), 'source.0');
    expectInvalid(await call(t, 'GET', '/fans?tagsAny=x', me), 'tagsAny.0');
    expectInvalid(await call(t, 'GET', '/fans?sortBy=nickname', me), 'sortBy');
    expectInvalid(await call(t, 'GET', '/fans?activeFrom=2025-02-30', me), 'activeFrom');
    expectInvalid(await call(t, 'GET', '/fans?pageSize=101', me), 'pageSize');
  });
});

const batch = (body: unknown, who: Session = me) => call(t, 'POST', '/fans/batch-tag', who, body);
const carriers = async (tagId: number) =>
  (await t.db.select({ fanId: fanTags.fanId }).from(fanTags).where(eq(fanTags.tagId, tagId)))
    .map((r) => r.fanId)
    .sort((a, b) => a - b);

describe('issue 7 item 5 批量标签管理: batch tagging', () => {
  it('tags 3 chosen fans in one operation; filtering by the tag then shows exactly them', async () => {
    const { tagIds } = await addTags(t, me.id, 1, 'batch-ids');
    const answer = dataOf<FanBatchTagAnswer>(
      await batch({ selection: { kind: 'ids', fanIds: [f.ann, f.cat, f.eve, f.theirs] }, addTagIds: tagIds }),
    );
    expect(answer).toMatchObject({ matched: 3, added: 3, removed: 0, skippedAtLimit: 0 });
    expect(await ids(`tagsAny=${tagIds[0]}`)).toEqual(set('ann', 'cat', 'eve'));
    // Again: nothing new, nothing duplicated.
    expect(
      dataOf<FanBatchTagAnswer>(
        await batch({ selection: { kind: 'ids', fanIds: [f.ann] }, addTagIds: tagIds }),
      ).added,
    ).toBe(0);
  });

  it('applies to the whole filtered set, adding and removing in one transaction', async () => {
    const { tagIds } = await addTags(t, me.id, 2, 'batch-filter');
    const [add, drop] = tagIds as [number, number];
    await tagFans(t, [f.ann!, f.dan!], [drop]);
    const answer = dataOf<FanBatchTagAnswer>(
      await batch({
        selection: { kind: 'filter', filter: { gender: ['female'] } },
        addTagIds: [add],
        removeTagIds: [drop],
      }),
    );
    expect(answer).toMatchObject({ matched: 3, added: 3, removed: 1 });
    expect(await carriers(add)).toEqual(set('ann', 'cat', 'eve'));
    expect(await carriers(drop)).toEqual(set('dan'));
  });

  it('an empty selection, no tag, a tag in both lists, a foreign tag: clear errors and nothing written', async () => {
    const { tagIds } = await addTags(t, me.id, 1, 'batch-bad');
    const theirs = await addTags(t, other.id, 1, 'batch-theirs');
    expectInvalid(await batch({ selection: { kind: 'ids', fanIds: [] }, addTagIds: tagIds }), 'selection');
    expectInvalid(
      await batch({ selection: { kind: 'ids', fanIds: [f.theirs] }, addTagIds: tagIds }),
      'selection',
    );
    expectInvalid(
      await batch({
        selection: { kind: 'filter', filter: { keyword: 'nobody-has-this' } },
        addTagIds: tagIds,
      }),
      'selection',
    );
    expectInvalid(await batch({ selection: { kind: 'ids', fanIds: [f.ann] } }), 'addTagIds');
    expectInvalid(
      await batch({ selection: { kind: 'ids', fanIds: [f.ann] }, addTagIds: tagIds, removeTagIds: tagIds }),
      'removeTagIds',
    );
    expectInvalid(
      await batch({ selection: { kind: 'filter', filter: { ageMin: 9, ageMax: 1 } }, addTagIds: tagIds }),
      'selection.filter.ageMax',
    );
    expectNotFound(
      await batch({ selection: { kind: 'ids', fanIds: [f.ann] }, addTagIds: [tagIds[0], theirs.tagIds[0]] }),
      'addTagIds',
    );
    expect(await carriers(tagIds[0]!)).toEqual([]);
  });

  it('a fan never carries more than 20 tags: fans at the limit are skipped and counted', async () => {
    const full = await addFan(t, me.id, { nickname: 'full' });
    const roomy = await addFan(t, me.id, { nickname: 'roomy' });
    const { tagIds } = await addTags(t, me.id, 22, 'limit');
    await tagFans(t, [full], tagIds.slice(0, 20));
    const answer = dataOf<FanBatchTagAnswer>(
      await batch({ selection: { kind: 'ids', fanIds: [full, roomy] }, addTagIds: tagIds.slice(20) }),
    );
    expect(answer).toMatchObject({ matched: 2, added: 2, skippedAtLimit: 1 });
    expect(await t.db.$count(fanTags, eq(fanTags.fanId, full))).toBe(20);
    // Re-adding tags a full fan already carries fits.
    const again = dataOf<FanBatchTagAnswer>(
      await batch({ selection: { kind: 'ids', fanIds: [full] }, addTagIds: tagIds.slice(0, 2) }),
    );
    expect(again.skippedAtLimit).toBe(0);
  });
});

describe('issue 7 item 8 fan detail', () => {
  const detail = async (id: number) => dataOf<FanDetail>(await call(t, 'GET', `/fans/${id}`, me));

  it('answers the profile; another designer fan is 40400', async () => {
    const d = await detail(f.bob!);
    expect(d.fan).toMatchObject({ nickname: 'Bob', age: 40 });
    expect(d.measurements.height).toBeNull();
    expect(d).toMatchObject({ wardrobe: [], images: [], interactions: [] });
    expectNotFound(await call(t, 'GET', `/fans/${f.theirs}`, me));
    expectNotFound(await call(t, 'GET', '/fans/99999999', me));
  });

  const measured = {
    height: 165.5,
    weight: 52.3,
    bust: 86,
    waist: 66.5,
    hip: 92,
    shoulder: 38,
    sleeve: 56,
    inseam: null,
  };

  it('saves measurements in cm/kg with one decimal (stored as mm and g)', async () => {
    const saved = dataOf<Record<string, unknown>>(
      await call(t, 'PUT', `/fans/${f.ann}/measurements`, me, measured),
    );
    expect(saved).toMatchObject(measured);
    expect((await detail(f.ann!)).measurements).toMatchObject(measured);
    expectInvalid(
      await call(t, 'PUT', `/fans/${f.ann}/measurements`, me, { ...measured, height: 165.55 }),
      'height',
    );
    expectInvalid(
      await call(t, 'PUT', `/fans/${f.ann}/measurements`, me, { ...measured, weight: 900 }),
      'weight',
    );
    expectNotFound(await call(t, 'PUT', `/fans/${f.theirs}/measurements`, me, measured));
  });

  it('adds and removes wardrobe items and images', async () => {
    const item = dataOf<WardrobeItem>(
      await call(t, 'POST', `/fans/${f.cat}/wardrobe`, me, { category: 'qipao', size: 'M', color: '酒红' }),
    );
    expect(item).toMatchObject({
      category: 'qipao',
      size: 'M',
      color: '酒红',
      source: 'manual',
      imageUrl: '',
    });
    expectInvalid(
      await call(t, 'POST', `/fans/${f.cat}/wardrobe`, me, { category: 'hat', size: 'M' }),
      'category',
    );
    expectInvalid(
      await call(t, 'POST', `/fans/${f.cat}/wardrobe`, me, { category: 'top', size: '' }),
      'size',
    );
    // One of the designer's images (a demo picture, drawn into the store when first used).
    await t.db.insert(images).values({
      designerId: me.id,
      objectKey: demoPictureKey(me.id, 'fan-photo-1'),
      fileName: 'fan-photo-1.png',
      fileSize: 1,
      mimeType: 'image/png',
      createdAt: NOW,
    });
    const image = dataOf<{ id: number }>(
      await call(t, 'POST', `/fans/${f.cat}/images`, me, {
        url: demoPictureUrl(me.id, 'fan-photo-1'),
        labels: ['正面'],
      }),
    );
    expectInvalid(await call(t, 'POST', `/fans/${f.cat}/images`, me, { url: 'javascript:alert(1)' }), 'url');
    const d = await detail(f.cat!);
    expect(d.wardrobe.map((w) => w.id)).toEqual([item.id]);
    expect(d.images[0]).toMatchObject({ id: image.id, labels: ['正面'] });
    expectNotFound(await call(t, 'DELETE', `/fans/${f.cat}/wardrobe/${item.id}`, other));
    dataOf(await call(t, 'DELETE', `/fans/${f.cat}/wardrobe/${item.id}`, me));
    dataOf(await call(t, 'DELETE', `/fans/${f.cat}/images/${image.id}`, me));
    expectNotFound(await call(t, 'DELETE', `/fans/${f.cat}/images/${image.id}`, me));
    expect(await detail(f.cat!)).toMatchObject({ wardrobe: [], images: [] });
  });

  it("replaces a fan's tags: own tags only, at most 20", async () => {
    const { tagIds } = await addTags(t, me.id, 21, 'fan-own');
    const chips = dataOf<Array<{ id: number }>>(
      await call(t, 'PUT', `/fans/${f.eve}/tags`, me, { tagIds: tagIds.slice(0, 2) }),
    );
    expect(chips.map((c) => c.id).sort()).toEqual(tagIds.slice(0, 2).sort());
    expectInvalid(await call(t, 'PUT', `/fans/${f.eve}/tags`, me, { tagIds }), 'tagIds');
    const theirs = await addTags(t, other.id, 1, 'fan-theirs');
    expectNotFound(await call(t, 'PUT', `/fans/${f.eve}/tags`, me, { tagIds: theirs.tagIds }), 'tagIds');
    const kept = await t.db
      .select()
      .from(fanTags)
      .where(and(eq(fanTags.fanId, f.eve!), inArray(fanTags.tagId, tagIds)));
    expect(kept).toHaveLength(2);
  });
});
