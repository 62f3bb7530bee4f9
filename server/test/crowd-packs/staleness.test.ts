import type { ListPage, PackDetail, PackRow, RuleNode } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crowdPackSizes, crowdPacks } from '../../src/db/schema/index.ts';
import { refreshStalePacks } from '../../src/modules/crowd-packs/stale-refresh.ts';
import { stalenessContextOf } from '../../src/modules/crowd-packs/staleness.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  type Session,
  someone,
} from '../support/calls.ts';
import { and, cond, DAY, type FanFixture, insertFans, plainFan, settledPack } from './support.ts';

let t: AccountsApp;
let me: Session;
const packs: Record<string, PackRow> = {};

const fanOf = (gender: FanFixture['gender'], activeDaysAgo: number) =>
  plainFan(gender, t.clock.now(), activeDaysAgo);

async function create(name: string, refreshMode: 'manual' | 'daily', body: object): Promise<PackRow> {
  return dataOf<PackRow>(await call(t, 'POST', '/crowd-packs', me, { name, refreshMode, ...body }));
}
const rule = (...children: RuleNode[]) => ({ kind: 'rule', rule: and(...children) });

async function list(): Promise<Map<string, PackRow>> {
  const page = dataOf<ListPage<PackRow>>(await call(t, 'GET', '/crowd-packs?pageSize=20', me));
  return new Map(page.dataList.map((p) => [p.name, p]));
}
const sizePoints = (id: number) => t.db.select().from(crowdPackSizes).where(eq(crowdPackSizes.packId, id));
const detail = async (id: number) => dataOf<PackDetail>(await call(t, 'GET', `/crowd-packs/${id}`, me));

const settled = (id: number) => settledPack(t, me, id);

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'stale-owner');
  await insertFans(t, me.id, [fanOf('female', 1), fanOf('female', 20), fanOf('male', 1)]);
  packs.female = await create(
    '女性',
    'manual',
    rule(cond({ field: 'gender', op: 'in', values: ['female'] })),
  );
  packs.active = await create(
    '近7天活跃',
    'manual',
    rule(cond({ field: 'lastActiveAt', op: 'withinDays', days: 7 })),
  );
  packs.daily = await create(
    '女性每日',
    'daily',
    rule(cond({ field: 'gender', op: 'in', values: ['female'] })),
  );
  packs.combined = await create('组合', 'manual', {
    kind: 'combined',
    combination: { include: [[packs.female.id]], exclude: [] },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('issue 17 item 6: a pack says when its size is stale and refreshes when opened', () => {
  it('§issue 17 item 6: packs just computed are not stale and say when they were computed', async () => {
    const rows = await list();
    for (const name of ['女性', '近7天活跃', '女性每日', '组合']) {
      expect(rows.get(name)).toMatchObject({ stale: false, state: 'ready' });
      expect(rows.get(name)!.computedAt).not.toBeNull();
    }
    expect(rows.get('女性')!.size).toBe(2);
  });

  it('§issue 17 item 6: a fan following since makes the packs stale; the list refreshes them once', async () => {
    t.clock.advance(60_000);
    await insertFans(t, me.id, [fanOf('female', 2)]);
    const opened = await list();
    // Answered with the old size, marked stale, and computing in the background.
    expect(opened.get('女性')).toMatchObject({ stale: true, state: 'computing', size: 2 });
    expect(opened.get('近7天活跃')).toMatchObject({ stale: true, state: 'computing' });
    const before = (await settled(packs.female!.id)).sizeHistory.length;
    const refreshed = await settled(packs.female!.id);
    expect(refreshed.pack).toMatchObject({ stale: false, state: 'ready', size: 3, allFans: 4 });
    // Opening the fresh pack again computes nothing more.
    expect(refreshed.sizeHistory.length).toBe(before);
    expect(refreshed.sizeHistory.map((p) => p.size)).toEqual([2, 3]);
    expect((await settled(packs.active!.id)).pack).toMatchObject({ stale: false, size: 3 });
  });

  it('§issue 17 item 6: a combined pack is stale once a pack it uses was computed after it', async () => {
    await settled(packs.daily!.id);
    const combined = await settled(packs.combined!.id);
    expect(combined.pack).toMatchObject({ stale: false, size: 3 });
    t.clock.advance(60_000);
    await call(t, 'POST', `/crowd-packs/${packs.female!.id}/refresh`, me);
    const opened = await detail(packs.combined!.id);
    expect(opened.pack).toMatchObject({ stale: true, state: 'computing' });
    expect((await settled(packs.combined!.id)).pack).toMatchObject({ stale: false, state: 'ready', size: 3 });
  });

  it('§issue 17 item 6: the next day a "within N days" rule is stale, a gender rule is not; a daily pack after a day', async () => {
    t.clock.advance(DAY - 1);
    let rows = await list();
    expect(rows.get('近7天活跃')!.stale).toBe(true);
    expect(rows.get('女性')!.stale).toBe(false);
    // Last computed over a day ago: its period passed.
    expect(rows.get('女性每日')).toMatchObject({ stale: true, state: 'computing' });
    await settled(packs.active!.id);
    await settled(packs.daily!.id);
    t.clock.advance(DAY / 2);
    rows = await list();
    expect(rows.get('女性每日')!.stale).toBe(false);
    t.clock.advance(DAY / 2);
    rows = await list();
    expect(rows.get('女性每日')).toMatchObject({ stale: true, state: 'computing' });
    expect(rows.get('女性')!.stale).toBe(false);
    expect((await settled(packs.daily!.id)).pack).toMatchObject({ stale: false, state: 'ready' });
  });

  it('§issue 17 item 6: two screens opening the same stale pack at once compute it once', async () => {
    t.clock.advance(60_000);
    await insertFans(t, me.id, [fanOf('male', 3)]);
    const points = (await sizePoints(packs.female!.id)).length;
    const [a, b] = await Promise.all([detail(packs.female!.id), detail(packs.female!.id)]);
    // Each screen sees it stale and computing, or (the other having been quicker) fresh.
    for (const read of [a, b]) expect(read.pack.state === 'computing' || !read.pack.stale).toBe(true);
    expect(a.pack.state === 'computing' || b.pack.state === 'computing').toBe(true);
    await settled(packs.female!.id);
    expect((await sizePoints(packs.female!.id)).length).toBe(points + 1);
  });

  it('§issue 17 item 6: a screen that read the pack before another screen computed it does not compute it again', async () => {
    t.clock.advance(60_000);
    await insertFans(t, me.id, [fanOf('female', 4)]);
    const [read] = await t.db.select().from(crowdPacks).where(eq(crowdPacks.id, packs.female!.id));
    const ctx = await stalenessContextOf(t.db, me.id, t.clock.now());
    const points = (await sizePoints(packs.female!.id)).length;
    // The first screen claims and computes it; the slower one still holds the stale read.
    expect((await refreshStalePacks(t.db, [read!], () => [], ctx)).computing.has(read!.id)).toBe(true);
    await settled(packs.female!.id);
    await refreshStalePacks(t.db, [read!], () => [], ctx);
    expect((await settled(packs.female!.id)).pack).toMatchObject({ stale: false, state: 'ready' });
    expect((await sizePoints(packs.female!.id)).length).toBe(points + 1);
  });
});
