import type {
  FanImpressions,
  FanRow,
  Impression,
  ImpressionChip,
  ImpressionOverview,
  ListPage,
} from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanImpressions } from '../../src/db/schema/index.ts';
import { addProducts, type FanFixture, insertFans } from '../crowd-packs/support.ts';
import { addFan, NOW } from '../fans/support.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  expectConflict,
  expectInvalid,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';

let t: AccountsApp;
let me: Session;
let other: Session;
beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'impressionist');
  other = await someone(t, 'impressionist-other');
});
afterAll(() => t?.close());

const overview = async (who: Session) =>
  dataOf<ImpressionOverview>(await call(t, 'GET', '/impressions', who));
const newWord = (who: Session, word: string) => call(t, 'POST', '/impressions', who, { word });
const giveFan = (who: Session, fanId: number, word: string) =>
  call(t, 'POST', `/fans/${fanId}/impressions`, who, { word });

describe('issue 7 item 6 粉丝印象: impression words', () => {
  it('creates words and answers them with fan counts, most carried first', async () => {
    const a = dataOf<Impression>(await newWord(me, '爱穿旗袍'));
    const b = dataOf<Impression>(await newWord(me, '偏爱亚麻'));
    expect(a).toMatchObject({ word: '爱穿旗袍', fanCount: 0 });
    const f1 = await addFan(t, me.id);
    const f2 = await addFan(t, me.id);
    dataOf(await giveFan(me, f1, '偏爱亚麻'));
    dataOf(await giveFan(me, f2, '偏爱亚麻'));
    dataOf(await giveFan(me, f1, '爱穿旗袍'));
    const view = await overview(me);
    expect(view.impressions.slice(0, 2).map((w) => [w.id, w.fanCount])).toEqual([
      [b.id, 2],
      [a.id, 1],
    ]);
    expect(view).toMatchObject({ limit: 200, perFanLimit: 20 });
    expect((await overview(other)).impressions).toEqual([]);
  });

  it('refuses a duplicate word (any case) with 40900 on word, a word over 12 characters or blank with 40000', async () => {
    dataOf(await newWord(me, 'Linen'));
    expectConflict(await newWord(me, 'linen'), 'word');
    dataOf(await newWord(other, 'linen'));
    expectInvalid(await newWord(me, '一二三四五六七八九十一二三'), 'word');
    expectInvalid(await newWord(me, '   '), 'word');
    expectInvalid(await call(t, 'POST', '/impressions', me, {}), 'word');
    expectInvalid(await call(t, 'POST', '/impressions', me, { word: 'ok', extra: 1 }), 'extra');
  });

  it('renames a word (fans keep it), refuses a rename onto another word; another designer’s word is 40400', async () => {
    const w = dataOf<Impression>(await newWord(me, '复古风'));
    dataOf(await newWord(me, '极简风'));
    const fan = await addFan(t, me.id);
    dataOf(await giveFan(me, fan, '复古风'));
    const renamed = dataOf<Impression>(
      await call(t, 'PUT', `/impressions/${w.id}`, me, { word: '复古港风' }),
    );
    expect(renamed).toMatchObject({ word: '复古港风', fanCount: 1 });
    expectConflict(await call(t, 'PUT', `/impressions/${w.id}`, me, { word: '极简风' }), 'word');
    expectNotFound(await call(t, 'PUT', `/impressions/${w.id}`, other, { word: 'mine' }));
    expectNotFound(await call(t, 'DELETE', `/impressions/${w.id}`, other));
    expectNotFound(await call(t, 'GET', `/impressions/${w.id}/fans`, other));
  });

  it('deletes a word, answering how many fans lost it', async () => {
    const w = dataOf<Impression>(await newWord(me, '待删除'));
    const fans = [await addFan(t, me.id), await addFan(t, me.id), await addFan(t, me.id)];
    for (const fan of fans) dataOf(await giveFan(me, fan, '待删除'));
    expect(dataOf(await call(t, 'DELETE', `/impressions/${w.id}`, me))).toEqual({ removedFromFans: 3 });
    expect((await overview(me)).impressions.some((x) => x.id === w.id)).toBe(false);
    expectNotFound(await call(t, 'DELETE', `/impressions/${w.id}`, me));
  });

  it('lists the fans of a word, paged, newest link first', async () => {
    const w = dataOf<Impression>(await newWord(me, '常客'));
    const a = await addFan(t, me.id, { nickname: 'first' });
    const b = await addFan(t, me.id, { nickname: 'second' });
    await t.db.insert(fanImpressions).values([
      { fanId: a, impressionId: w.id, createdAt: new Date(NOW.getTime() - 60_000) },
      { fanId: b, impressionId: w.id, createdAt: NOW },
    ]);
    const page = dataOf<ListPage<FanRow>>(await call(t, 'GET', `/impressions/${w.id}/fans?pageSize=1`, me));
    expect(page).toMatchObject({ totalNumber: 2, totalPages: 2 });
    expect(page.dataList[0]?.nickname).toBe('second');
    expectInvalid(await call(t, 'GET', `/impressions/${w.id}/fans?pageSize=500`, me), 'pageSize');
  });
});

describe('issue 7 item 6 粉丝印象: a fan’s impressions', () => {
  it('adds an impression to a fan (creating the word when new), once; removes it', async () => {
    const fan = await addFan(t, me.id);
    const chips = dataOf<ImpressionChip[]>(await giveFan(me, fan, '新词一'));
    expect(chips.map((c) => c.word)).toEqual(['新词一']);
    const again = dataOf<ImpressionChip[]>(await giveFan(me, fan, '新词一'));
    expect(again).toEqual(chips);
    expect((await overview(me)).impressions.find((w) => w.word === '新词一')?.fanCount).toBe(1);
    const left = dataOf<ImpressionChip[]>(
      await call(t, 'DELETE', `/fans/${fan}/impressions/${chips[0]!.id}`, me),
    );
    expect(left).toEqual([]);
    expectNotFound(await call(t, 'DELETE', `/fans/${fan}/impressions/${chips[0]!.id}`, me));
  });

  it('another designer’s fan is 40400 on every call', async () => {
    const theirs = await addFan(t, other.id);
    expectNotFound(await giveFan(me, theirs, '偷看'));
    expectNotFound(await call(t, 'GET', `/fans/${theirs}/impressions`, me));
    expectNotFound(await call(t, 'DELETE', `/fans/${theirs}/impressions/1`, me));
    expect((await overview(me)).impressions.some((w) => w.word === '偷看')).toBe(false);
  });

  it('a fan carries at most 20 impressions: the 21st is 40900 on word and creates no word', async () => {
    const fan = await addFan(t, me.id);
    for (let i = 1; i <= 20; i++) dataOf(await giveFan(me, fan, `上限${i}`));
    expectConflict(await giveFan(me, fan, '上限21'), 'word');
    expect((await overview(me)).impressions.some((w) => w.word === '上限21')).toBe(false);
    expectInvalid(await giveFan(me, fan, ''), 'word');
    expectInvalid(await call(t, 'POST', '/fans/abc/impressions', me, { word: 'x' }), 'id');
  });

  it('suggests words from purchases: bought categories first, then words of fans who bought the same products', async () => {
    const designer = await someone(t, 'impression-suggest');
    const [qipao, suit] = await addProducts(t, designer.id, ['qipao', 'suit'], NOW);
    const fixture = (orders: Array<{ productId: number; state: string }>): FanFixture => ({
      gender: 'female',
      birthYear: 1990,
      cityCode: '440100',
      source: 'boutique',
      followedAt: NOW,
      lastActiveAt: NOW,
      totalSpent: 0,
      orderCount: orders.length,
      tagIds: [],
      measurements: null,
      wardrobe: [],
      orders: orders.map((o) => ({ ...o, createdAt: NOW })),
    });
    const buyer = fixture([
      { productId: qipao!.id, state: 'paid' },
      { productId: qipao!.id, state: 'completed' },
      { productId: suit!.id, state: 'paid' },
    ]);
    const peerA = fixture([{ productId: qipao!.id, state: 'paid' }]);
    const peerB = fixture([{ productId: suit!.id, state: 'paid' }]);
    const refunded = fixture([{ productId: suit!.id, state: 'refunded' }]);
    await insertFans(t, designer.id, [buyer, peerA, peerB, refunded]);
    dataOf(await giveFan(designer, peerA.id!, '喜欢盘扣'));
    dataOf(await giveFan(designer, peerB.id!, '喜欢盘扣'));
    dataOf(await giveFan(designer, peerB.id!, '通勤党'));
    dataOf(await giveFan(designer, refunded.id!, '退款客'));
    const existing = dataOf<Impression>(await newWord(designer, '西装控'));
    const answer = dataOf<FanImpressions>(await call(t, 'GET', `/fans/${buyer.id}/impressions`, designer));
    expect(answer.impressions).toEqual([]);
    expect(answer.suggestions).toEqual([
      { word: '爱穿旗袍', impressionId: null, reason: 'category', category: 'qipao', count: 2 },
      { word: '西装控', impressionId: existing.id, reason: 'category', category: 'suit', count: 1 },
      { word: '喜欢盘扣', impressionId: expect.any(Number), reason: 'coPurchase', category: null, count: 2 },
      { word: '通勤党', impressionId: expect.any(Number), reason: 'coPurchase', category: null, count: 1 },
    ]);
    dataOf(await giveFan(designer, buyer.id!, '西装控'));
    const after = dataOf<FanImpressions>(await call(t, 'GET', `/fans/${buyer.id}/impressions`, designer));
    expect(after.impressions.map((c) => c.word)).toEqual(['西装控']);
    expect(after.suggestions.map((s) => s.word)).toEqual(['爱穿旗袍', '喜欢盘扣', '通勤党']);
  });
});
