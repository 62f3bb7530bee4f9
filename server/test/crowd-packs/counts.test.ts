import type {
  FanBatchTagAnswer,
  FanRow,
  ListPage,
  PackCount,
  PackDetail,
  PackRow,
  PackTrace,
  RuleNode,
} from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impressions } from '../../src/db/schema/index.ts';
import { businessYear } from '../../src/time/business-day.ts';
import { addTags } from '../fans/support.ts';
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
import { addCourses, addProducts, and, cond, DAY, type FanFixture, insertFans, or } from './support.ts';

let t: AccountsApp;
let me: Session;
let other: Session;
let now: Date;
let T1: number;
let T2: number;
let T3: number;
let P1: number;
let P2: number;
let I1: number;
let I2: number;
/** My courses K1, K2 and another designer's K3. */
let K1: number;
let K2: number;
let K3: number;
const fan: Record<string, FanFixture> = {};

const ago = (days: number) => new Date(now.getTime() - days * DAY);
/** The business day (UTC+8) `days` ago. */
const dayAgo = (days: number) => new Date(ago(days).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const base = (): Omit<FanFixture, 'gender' | 'birthYear'> => ({
  cityCode: '440100',
  source: 'video',
  followedAt: ago(10.5),
  lastActiveAt: ago(10.5),
  totalSpent: 0,
  orderCount: 0,
  tagIds: [],
  measurements: null,
  wardrobe: [],
  orders: [],
});

beforeAll(async () => {
  t = await createAccountsApp();
  now = t.clock.now();
  me = await someone(t, 'pack-owner');
  other = await someone(t, 'pack-other');
  [T1, T2, T3] = (await addTags(t, me.id, 3)).tagIds as [number, number, number];
  [P1, P2] = (await addProducts(t, me.id, ['qipao', 'suit'], now)).map((p) => p.id) as [number, number];
  [I1, I2] = (
    await t.db
      .insert(impressions)
      .values(
        ['偏爱亚麻', '爱穿旗袍'].map((word) => ({ designerId: me.id, word, createdAt: now, updatedAt: now })),
      )
      .returning({ id: impressions.id })
  ).map((row) => row.id) as [number, number];
  [K1, K2] = (await addCourses(t, me.id, ['旗袍立裁', '西装版型'], now)) as [number, number];
  [K3] = (await addCourses(t, other.id, ['别人的课'], now)) as [number];
  const year = businessYear(now);
  Object.assign(fan, {
    A: {
      ...base(),
      gender: 'female',
      birthYear: year - 25,
      followedAt: ago(3.5),
      lastActiveAt: ago(0.5),
      totalSpent: 10_000,
      orderCount: 1,
      tagIds: [T1],
      impressionIds: [I1],
      measurements: { height: 1650, weight: 52_000 },
      wardrobe: [{ category: 'qipao', size: 'M' }],
      orders: [{ productId: P1, state: 'paid', createdAt: ago(2.5) }],
      coursePurchases: [{ courseId: K1, boughtAt: ago(2.5) }],
    },
    B: {
      ...base(),
      gender: 'male',
      birthYear: year - 40,
      cityCode: '310100',
      source: 'course',
      followedAt: ago(40.5),
      lastActiveAt: ago(20.5),
      totalSpent: 50_000,
      orderCount: 3,
      tagIds: [T1, T2],
      impressionIds: [I1, I2],
      measurements: { height: 1800, weight: null },
      wardrobe: [{ category: 'suit', size: 'L' }],
      orders: [{ productId: P2, state: 'refunded', createdAt: ago(10.5) }],
      // K3 is another designer's course: never counted for me, however recent.
      coursePurchases: [
        { courseId: K2, boughtAt: ago(20.5) },
        { courseId: K3, boughtAt: ago(1.5) },
      ],
    },
    C: {
      ...base(),
      gender: 'female',
      birthYear: year - 33,
      cityCode: '310100',
      source: 'boutique',
      followedAt: ago(100.5),
      lastActiveAt: ago(1.5),
      tagIds: [T2],
      impressionIds: [I2],
      wardrobe: [{ category: 'dress', size: 'm' }],
      orders: [{ productId: P2, state: 'completed', createdAt: ago(5.5) }],
    },
    D: {
      ...base(),
      gender: 'unknown',
      birthYear: null,
      cityCode: '',
      source: 'recruitment',
      followedAt: ago(200.5),
      lastActiveAt: ago(150.5),
      totalSpent: 200_000,
      orderCount: 10,
      measurements: { height: 1600, weight: 70_000 },
      coursePurchases: [{ courseId: K1, boughtAt: ago(100.5) }],
    },
    E: {
      ...base(),
      gender: 'female',
      birthYear: year - 60,
      source: 'import',
      followedAt: ago(1.5),
      lastActiveAt: ago(1.5),
      totalSpent: 999,
      tagIds: [T3],
      wardrobe: [{ category: 'qipao', size: 'S' }],
      orders: [{ productId: P1, state: 'paid', createdAt: ago(40.5) }],
    },
  } satisfies Record<string, FanFixture>);
  await insertFans(t, me.id, Object.values(fan));
  // Another designer's fan matches everything and must never be counted. They are the same
  // platform user as A, whose purchase of my K1 is not a purchase of the other designer's courses.
  await insertFans(t, other.id, [
    { ...base(), gender: 'female', birthYear: year - 30, platformUserId: fan.A!.platformUserId },
  ]);
});

afterAll(async () => {
  await t?.close();
});

const count = async (rule: RuleNode) =>
  dataOf<PackCount>(await call(t, 'POST', '/crowd-packs/count', me, { kind: 'rule', rule: rootOf(rule) }));
const rootOf = (node: RuleNode): RuleNode => (node.type === 'group' ? node : and(node));
const idsOf = (...names: string[]) => names.map((n) => fan[n]!.id!).sort((a, b) => a - b);

async function members(packId: number): Promise<number[]> {
  const page = dataOf<ListPage<FanRow>>(
    await call(t, 'GET', `/crowd-packs/${packId}/members?pageSize=100`, me),
  );
  return page.dataList.map((r) => r.id).sort((a, b) => a - b);
}

async function createRule(name: string, rule: RuleNode, refreshMode = 'manual'): Promise<PackRow> {
  return dataOf<PackRow>(
    await call(t, 'POST', '/crowd-packs', me, { kind: 'rule', name, refreshMode, rule: rootOf(rule) }),
  );
}

describe('issue 8 item 1: every operator counts the hand-computed fans', () => {
  const cases: Array<[string, () => RuleNode, string[]]> = [
    ['gender in female', () => cond({ field: 'gender', op: 'in', values: ['female'] }), ['A', 'C', 'E']],
    [
      'gender in male/unknown',
      () => cond({ field: 'gender', op: 'in', values: ['male', 'unknown'] }),
      ['B', 'D'],
    ],
    ['age between 30 and 45', () => cond({ field: 'age', op: 'between', min: 30, max: 45 }), ['B', 'C']],
    ['age from 50', () => cond({ field: 'age', op: 'between', min: 50, max: null }), ['E']],
    [
      'age up to 30 (unknown age excluded)',
      () => cond({ field: 'age', op: 'between', min: null, max: 30 }),
      ['A'],
    ],
    ['city in Shanghai', () => cond({ field: 'city', op: 'in', values: ['310100'] }), ['B', 'C']],
    [
      'source in video/import',
      () => cond({ field: 'source', op: 'in', values: ['video', 'import'] }),
      ['A', 'E'],
    ],
    ['followed within 7 days', () => cond({ field: 'followedAt', op: 'withinDays', days: 7 }), ['A', 'E']],
    [
      'followed between two days',
      () => cond({ field: 'followedAt', op: 'between', from: dayAgo(100.5), to: dayAgo(40.5) }),
      ['B', 'C'],
    ],
    [
      'active within 2 days',
      () => cond({ field: 'lastActiveAt', op: 'withinDays', days: 2 }),
      ['A', 'C', 'E'],
    ],
    [
      'active between two days',
      () => cond({ field: 'lastActiveAt', op: 'between', from: dayAgo(150.5), to: dayAgo(20.5) }),
      ['B', 'D'],
    ],
    [
      'spent between ¥10 and ¥600',
      () => cond({ field: 'totalSpent', op: 'between', min: 1000, max: 60_000 }),
      ['A', 'B'],
    ],
    ['spent from ¥1000', () => cond({ field: 'totalSpent', op: 'between', min: 100_000, max: null }), ['D']],
    [
      'orders between 1 and 3',
      () => cond({ field: 'orderCount', op: 'between', min: 1, max: 3 }),
      ['A', 'B'],
    ],
    [
      'bought anything within 7 days (refunds excluded)',
      () => cond({ field: 'purchase', op: 'withinDays', days: 7, productIds: [], categories: [] }),
      ['A', 'C'],
    ],
    [
      'bought a qipao within 60 days',
      () => cond({ field: 'purchase', op: 'withinDays', days: 60, productIds: [], categories: ['qipao'] }),
      ['A', 'E'],
    ],
    [
      'bought product P2 within 30 days',
      () => cond({ field: 'purchase', op: 'withinDays', days: 30, productIds: [P2], categories: [] }),
      ['C'],
    ],
    [
      'bought any course within 7 days (another designer’s course excluded)',
      () => cond({ field: 'coursePurchase', op: 'withinDays', days: 7, courseIds: [] }),
      ['A'],
    ],
    [
      'bought any course within 30 days',
      () => cond({ field: 'coursePurchase', op: 'withinDays', days: 30, courseIds: [] }),
      ['A', 'B'],
    ],
    [
      'bought course K1 within 365 days',
      () => cond({ field: 'coursePurchase', op: 'withinDays', days: 365, courseIds: [K1] }),
      ['A', 'D'],
    ],
    [
      'bought K2 within 10 days',
      () => cond({ field: 'coursePurchase', op: 'withinDays', days: 10, courseIds: [K2] }),
      [],
    ],
    ['tags any of T1, T3', () => cond({ field: 'tags', op: 'any', tagIds: [T1, T3] }), ['A', 'B', 'E']],
    ['tags all of T1, T2', () => cond({ field: 'tags', op: 'all', tagIds: [T1, T2] }), ['B']],
    ['tags none of T1', () => cond({ field: 'tags', op: 'none', tagIds: [T1] }), ['C', 'D', 'E']],
    [
      'impression any of 偏爱亚麻',
      () => cond({ field: 'impression', op: 'any', impressionIds: [I1] }),
      ['A', 'B'],
    ],
    [
      'impression none of 偏爱亚麻, 爱穿旗袍',
      () => cond({ field: 'impression', op: 'none', impressionIds: [I1, I2] }),
      ['D', 'E'],
    ],
    [
      'height between 160 and 170 cm',
      () => cond({ field: 'measurement', op: 'between', key: 'height', min: 160, max: 170 }),
      ['A', 'D'],
    ],
    [
      'weight from 60 kg (unmeasured excluded)',
      () => cond({ field: 'measurement', op: 'between', key: 'weight', min: 60, max: null }),
      ['D'],
    ],
    [
      'wardrobe has a qipao',
      () => cond({ field: 'wardrobe', op: 'contains', category: 'qipao', size: null }),
      ['A', 'E'],
    ],
    [
      'wardrobe has size m (any case)',
      () => cond({ field: 'wardrobe', op: 'contains', category: null, size: 'M' }),
      ['A', 'C'],
    ],
    [
      'wardrobe has a suit in L',
      () => cond({ field: 'wardrobe', op: 'contains', category: 'suit', size: 'L' }),
      ['B'],
    ],
  ];
  it.each(cases)('§issue 8: %s', async (_name, rule, expected) => {
    const answer = await count(rule());
    expect(answer.total).toBe(expected.length);
    expect(answer.allFans).toBe(5);
    expect(answer.share).toBeCloseTo(expected.length / 5);
    // The materialised pack holds exactly those fans.
    const pack = await createRule(`op ${cases.findIndex((c) => c[0] === _name)}`, rule());
    expect(pack.size).toBe(expected.length);
    expect(await members(pack.id)).toEqual(idsOf(...expected));
  });

  it('§issue 8 item 1: "bought a course" counts only the designer’s own courses', async () => {
    // The other designer's fan is A's platform user, who bought my K1 two days ago: not theirs.
    const theirs = dataOf<PackCount>(
      await call(t, 'POST', '/crowd-packs/count', other, {
        kind: 'rule',
        rule: and(cond({ field: 'coursePurchase', op: 'withinDays', days: 30, courseIds: [] })),
      }),
    );
    expect(theirs).toMatchObject({ total: 0, allFans: 1 });
  });

  it('§issue 8 item 5: the trace says whether a fan bought a course', async () => {
    const pack = await createRule(
      '买课人群',
      or(
        cond({ field: 'coursePurchase', op: 'withinDays', days: 7, courseIds: [] }),
        cond({ field: 'coursePurchase', op: 'withinDays', days: 365, courseIds: [K2] }),
      ),
    );
    expect(await members(pack.id)).toEqual(idsOf('A', 'B'));
    const traceOf = async (name: string) =>
      dataOf<PackTrace>(await call(t, 'GET', `/crowd-packs/${pack.id}/trace?fanId=${fan[name]!.id}`, me));
    expect((await traceOf('B')).nodes).toEqual({
      rule: true,
      'rule.children.0': false,
      'rule.children.1': true,
    });
    expect(await traceOf('D')).toMatchObject({
      member: false,
      matchesNow: false,
      nodes: { rule: false, 'rule.children.0': false, 'rule.children.1': false },
    });
  });

  it('§issue 8 item 3: nested groups count as a whole and per node', async () => {
    const rule = and(
      cond({ field: 'gender', op: 'in', values: ['female'] }),
      or(
        cond({ field: 'city', op: 'in', values: ['310100'] }),
        cond({ field: 'tags', op: 'any', tagIds: [T3] }),
      ),
    );
    const answer = await count(rule);
    expect(answer.total).toBe(2); // C, E
    // Five fans are counted exactly, every one of them.
    expect(answer.estimated).toBe(false);
    expect(answer.totalMargin).toBeNull();
    expect(answer.nodes).toEqual({
      rule: 2,
      'rule.children.0': 3,
      'rule.children.1': 3,
      'rule.children.1.children.0': 2,
      'rule.children.1.children.1': 1,
    });
  });
});

describe('issue 8 item 2: combined packs over snapshots', () => {
  const packs: Record<string, number> = {};
  beforeAll(async () => {
    packs.female = (await createRule('女性', cond({ field: 'gender', op: 'in', values: ['female'] }))).id;
    packs.shanghai = (await createRule('上海', cond({ field: 'city', op: 'in', values: ['310100'] }))).id;
    packs.t1 = (await createRule('T1', cond({ field: 'tags', op: 'any', tagIds: [T1] }))).id;
    packs.qipao = (
      await createRule('旗袍衣橱', cond({ field: 'wardrobe', op: 'contains', category: 'qipao', size: null }))
    ).id;
  });

  const combos: Array<[string, () => { include: number[][]; exclude: number[] }, string[]]> = [
    ['female minus T1', () => ({ include: [[packs.female!]], exclude: [packs.t1!] }), ['C', 'E']],
    ['female and Shanghai', () => ({ include: [[packs.female!], [packs.shanghai!]], exclude: [] }), ['C']],
    [
      'Shanghai or qipao',
      () => ({ include: [[packs.shanghai!, packs.qipao!]], exclude: [] }),
      ['A', 'B', 'C', 'E'],
    ],
    [
      '(Shanghai or qipao) and female, minus T1',
      () => ({ include: [[packs.shanghai!, packs.qipao!], [packs.female!]], exclude: [packs.t1!] }),
      ['C', 'E'],
    ],
  ];
  it.each(combos)('§issue 8: %s', async (name, combination, expected) => {
    const live = dataOf<PackCount>(
      await call(t, 'POST', '/crowd-packs/count', me, { kind: 'combined', combination: combination() }),
    );
    expect(live.total).toBe(expected.length);
    const pack = dataOf<PackRow>(
      await call(t, 'POST', '/crowd-packs', me, {
        kind: 'combined',
        name: `combo ${name.length}`,
        refreshMode: 'manual',
        combination: combination(),
      }),
    );
    expect(pack.size).toBe(expected.length);
    expect(await members(pack.id)).toEqual(idsOf(...expected));
    expect(pack.sources.map((s) => s.id).sort()).toEqual(
      [...new Set(combination().include.flat().concat(combination().exclude))].sort(),
    );
  });

  it('§issue 8 item 3: overlap of chosen packs', async () => {
    const overlap = dataOf<{ pairs: Array<{ a: number; b: number; both: number }> }>(
      await call(t, 'POST', '/crowd-packs/overlap', me, {
        packIds: [packs.female, packs.shanghai, packs.t1],
      }),
    );
    expect(overlap.pairs).toEqual([
      { a: packs.female, b: packs.shanghai, both: 1 },
      { a: packs.female, b: packs.t1, both: 1 },
      { a: packs.shanghai, b: packs.t1, both: 1 },
    ]);
  });

  it('§issue 8 item 5: the trace says which sources a member is in', async () => {
    const combo = dataOf<PackRow>(
      await call(t, 'POST', '/crowd-packs', me, {
        kind: 'combined',
        name: 'trace combo',
        refreshMode: 'manual',
        combination: { include: [[packs.female!]], exclude: [packs.t1!] },
      }),
    );
    const trace = dataOf<PackTrace>(
      await call(t, 'GET', `/crowd-packs/${combo.id}/trace?fanId=${fan.C!.id}`, me),
    );
    expect(trace.member).toBe(true);
    expect(trace.matchesNow).toBe(true);
    expect(trace.nodes).toMatchObject({
      combination: true,
      'combination.include.0': true,
      'combination.exclude.0': false,
    });
    const outsider = dataOf<PackTrace>(
      await call(t, 'GET', `/crowd-packs/${combo.id}/trace?fanId=${fan.A!.id}`, me),
    );
    expect(outsider).toMatchObject({ member: false, matchesNow: false });
    expect(outsider.nodes['combination.exclude.0']).toBe(true);
  });

  it('§issue 8 item 4: deleting a source is refused while a combined pack uses it', async () => {
    const res = await call(t, 'DELETE', `/crowd-packs/${packs.female}`, me);
    expectConflict(res);
    expect(res.json().msg).toContain('trace combo');
    const detail = dataOf<PackDetail>(await call(t, 'GET', `/crowd-packs/${packs.female}`, me));
    expect(detail.pack.usedBy.map((p) => p.name)).toContain('trace combo');
  });
});

describe('issue 8 items 4–6: list, detail, trace, refresh, copy, export, tagging', () => {
  let pack: PackRow;
  beforeAll(async () => {
    pack = await createRule(
      '近期女性',
      and(
        cond({ field: 'gender', op: 'in', values: ['female'] }),
        cond({ field: 'lastActiveAt', op: 'withinDays', days: 2 }),
      ),
    );
  });

  it('§issue 8 item 5: the rule trace shows each condition met or not', async () => {
    const trace = dataOf<PackTrace>(
      await call(t, 'GET', `/crowd-packs/${pack.id}/trace?fanId=${fan.B!.id}`, me),
    );
    expect(trace).toMatchObject({ member: false, matchesNow: false });
    expect(trace.nodes).toEqual({ rule: false, 'rule.children.0': false, 'rule.children.1': false });
    const member = dataOf<PackTrace>(
      await call(t, 'GET', `/crowd-packs/${pack.id}/trace?fanId=${fan.A!.id}`, me),
    );
    expect(member.nodes).toEqual({ rule: true, 'rule.children.0': true, 'rule.children.1': true });
    expect(member.fan.id).toBe(fan.A!.id);
  });

  it('§issue 8 item 6: the snapshot stays until a refresh, which adds a size point', async () => {
    const [late] = [{ ...base(), gender: 'female' as const, birthYear: null, lastActiveAt: ago(0.2) }];
    await insertFans(t, me.id, [late!]);
    expect((await members(pack.id)).length).toBe(3);
    t.clock.advance(60_000);
    const refreshed = dataOf<PackRow>(await call(t, 'POST', `/crowd-packs/${pack.id}/refresh`, me));
    expect(refreshed).toMatchObject({ size: 4, allFans: 6, state: 'ready' });
    const detail = dataOf<PackDetail>(await call(t, 'GET', `/crowd-packs/${pack.id}`, me));
    expect(detail.sizeHistory.map((p) => p.size)).toEqual([3, 4]);
  });

  it('§issue 8 item 4: list, copy under a free name', async () => {
    const copy = dataOf<PackRow>(await call(t, 'POST', `/crowd-packs/${pack.id}/copy`, me));
    expect(copy).toMatchObject({ name: '近期女性 副本', size: 4, kind: 'rule' });
    const again = dataOf<PackRow>(await call(t, 'POST', `/crowd-packs/${pack.id}/copy`, me));
    expect(again.name).toBe('近期女性 副本 2');
    const list = dataOf<ListPage<PackRow>>(await call(t, 'GET', '/crowd-packs?keyword=近期&pageSize=10', me));
    expect(list.totalNumber).toBe(3);
    expect(list.dataList[0]!.name).toBe('近期女性 副本 2');
  });

  it('§issue 8 item 5: CSV export of the members', async () => {
    const res = await call(t, 'GET', `/crowd-packs/${pack.id}/members/export.csv`, me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('粉丝ID');
  });

  it('§issue 8 item 5: tag all members through the fans batch tagging', async () => {
    const answer = dataOf<FanBatchTagAnswer>(
      await call(t, 'POST', `/crowd-packs/${pack.id}/tag-members`, me, { addTagIds: [T2] }),
    );
    expect(answer.matched).toBe(4);
    const tagged = dataOf<PackCount>(
      await call(t, 'POST', '/crowd-packs/count', me, {
        kind: 'rule',
        rule: and(cond({ field: 'tags', op: 'all', tagIds: [T2] })),
      }),
    );
    // B carried T2 already; A, C (already), E and the late fan now do.
    expect(tagged.total).toBe(5);
  });

  it('§issue 8: another designer sees none of it (40400)', async () => {
    expectNotFound(await call(t, 'GET', `/crowd-packs/${pack.id}`, other));
    expectNotFound(await call(t, 'GET', `/crowd-packs/${pack.id}/members`, other));
    expectNotFound(await call(t, 'DELETE', `/crowd-packs/${pack.id}`, other));
    expectNotFound(await call(t, 'POST', `/crowd-packs/${pack.id}/refresh`, other));
    const combined = await call(t, 'POST', '/crowd-packs', other, {
      kind: 'combined',
      name: 'theirs',
      refreshMode: 'manual',
      combination: { include: [[pack.id]], exclude: [] },
    });
    expectInvalid(combined, 'combination.include.0.0');
    expectNotFound(
      await call(t, 'GET', `/crowd-packs/${pack.id}/trace?fanId=${fan.A!.id}`, me).then(async () =>
        call(t, 'GET', `/crowd-packs/${pack.id}/trace?fanId=999999`, me),
      ),
      'fanId',
    );
  });
});
