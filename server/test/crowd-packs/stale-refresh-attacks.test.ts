import type { ListPage, PackDetail, PackRow, RuleNode } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crowdPackSizes, crowdPacks } from '../../src/db/schema/index.ts';
import { refreshStalePacks } from '../../src/modules/crowd-packs/stale-refresh.ts';
import { stalenessContextOf } from '../../src/modules/crowd-packs/staleness.ts';
import { addTags } from '../fans/support.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';
import { and, cond, type FanFixture, insertFans, plainFan, settledPack } from './support.ts';

/**
 * Issue 17 item 6 attacked: opening a stale pack starts its computation, so a GET writes. Many
 * screens at once must not compute a pack more than once, and nobody but its designer can start it.
 * Through fan data too: tag edits and screens opening a tag-rule pack, all at once. Each edit may
 * make the pack stale once, so it is computed at most once per edit however many screens open it,
 * ends at the right size, and another designer's edits compute none of mine.
 */

let t: AccountsApp;
let me: Session;
let intruder: Session;
const packs: PackRow[] = [];

const fanOf = (gender: FanFixture['gender'], activeDaysAgo: number) =>
  plainFan(gender, t.clock.now(), activeDaysAgo);

const rule = (...children: RuleNode[]) => ({ kind: 'rule', rule: and(...children) });
const sizePoints = async (id: number) =>
  (await t.db.select().from(crowdPackSizes).where(eq(crowdPackSizes.packId, id))).length;
const stateOf = async (id: number) =>
  (await t.db.select({ state: crowdPacks.state }).from(crowdPacks).where(eq(crowdPacks.id, id)))[0]!.state;
const list = async (who: Session) =>
  dataOf<ListPage<PackRow>>(await call(t, 'GET', '/crowd-packs?pageSize=20', who)).dataList;

const settled = (id: number) => settledPack(t, me, id);

/** A fan follows: every pack of mine is stale (the number of fans moved). */
async function makeStale(): Promise<Map<number, number>> {
  t.clock.advance(60_000);
  await insertFans(t, me.id, [fanOf('female', 1)]);
  return new Map(await Promise.all(packs.map(async (p) => [p.id, await sizePoints(p.id)] as const)));
}

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'stale-attacked');
  intruder = await someone(t, 'stale-intruder');
  await insertFans(t, me.id, [fanOf('female', 1), fanOf('male', 2)]);
  for (const [name, condition] of [
    ['女性', cond({ field: 'gender', op: 'in', values: ['female'] })],
    ['男性', cond({ field: 'gender', op: 'in', values: ['male'] })],
  ] as const) {
    packs.push(
      dataOf<PackRow>(
        await call(t, 'POST', '/crowd-packs', me, { name, refreshMode: 'manual', ...rule(condition) }),
      ),
    );
  }
  packs.push(
    dataOf<PackRow>(
      await call(t, 'POST', '/crowd-packs', me, {
        name: '组合',
        refreshMode: 'manual',
        kind: 'combined',
        combination: { include: [[packs[0]!.id], [packs[1]!.id]], exclude: [] },
      }),
    ),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('issue 17 item 6: opening stale packs, attacked', () => {
  it('§issue 17 item 6 attack: twenty screens listing the stale packs at once compute each pack once', async () => {
    const before = await makeStale();
    const answers = await Promise.all(Array.from({ length: 20 }, () => list(me)));
    for (const rows of answers) expect(rows).toHaveLength(packs.length);
    for (const pack of packs) {
      expect((await settled(pack.id)).pack).toMatchObject({ stale: false, state: 'ready' });
      expect(await sizePoints(pack.id), pack.name).toBe(before.get(pack.id)! + 1);
    }
  });

  it('§issue 17 item 6 attack: twenty screens opening one stale pack at once compute it once', async () => {
    const before = await makeStale();
    const [female] = packs;
    await Promise.all(Array.from({ length: 20 }, () => call(t, 'GET', `/crowd-packs/${female!.id}`, me)));
    expect((await settled(female!.id)).pack).toMatchObject({ stale: false, size: 3 });
    expect(await sizePoints(female!.id)).toBe(before.get(female!.id)! + 1);
  });

  it('§issue 17 item 6 attack: another designer opening my stale pack by its id gets 40400 and starts nothing', async () => {
    const before = await makeStale();
    for (const pack of packs) {
      expectNotFound(await call(t, 'GET', `/crowd-packs/${pack.id}`, intruder));
      expectNotFound(await call(t, 'GET', `/crowd-packs/${pack.id}/members?page=1&pageSize=10`, intruder));
    }
    // Their own list refreshes their packs only.
    expect(await list(intruder)).toEqual([]);
    for (const pack of packs) {
      expect(await stateOf(pack.id)).toBe('ready');
      expect(await sizePoints(pack.id)).toBe(before.get(pack.id)!);
    }
  });
});

const FANS = 20;
let tag: number;
let theirTag: number;
let tagPack: PackRow;
const mine: FanFixture[] = [];
const theirs: FanFixture[] = [];

const setTags = (who: Session, fan: FanFixture, tagIds: number[]) =>
  call(t, 'PUT', `/fans/${fan.id}/tags`, who, { tagIds });
const open = (i: number) =>
  i % 2 === 0
    ? call(t, 'GET', `/crowd-packs/${tagPack.id}`, me)
    : call(t, 'GET', '/crowd-packs?pageSize=20', me);

describe('issue 17 item 6: fan data edits and screens opening a pack, attacked', () => {
  beforeAll(async () => {
    tag = (await addTags(t, me.id, 1)).tagIds[0]!;
    theirTag = (await addTags(t, intruder.id, 1)).tagIds[0]!;
    for (let i = 0; i < FANS; i++) {
      mine.push(plainFan('female', t.clock.now(), 3));
      theirs.push(plainFan('female', t.clock.now(), 3));
    }
    await insertFans(t, me.id, mine);
    await insertFans(t, intruder.id, theirs);
    const res = await call(t, 'POST', '/crowd-packs', me, {
      name: '带标签',
      refreshMode: 'manual',
      ...rule(cond({ field: 'tags', op: 'any', tagIds: [tag] })),
    });
    expect(res.statusCode, res.body).toBe(200);
    tagPack = dataOf<PackRow>(res);
  });

  it('§issue 17 item 6 attack: twenty screens opening a tag-rule pack at once after a tagging compute it once', async () => {
    const before = await sizePoints(tagPack.id);
    t.clock.advance(1_000);
    expect((await setTags(me, mine[0]!, [tag])).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => open(i)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect((await settledPack(t, me, tagPack.id)).pack).toMatchObject({
      stale: false,
      state: 'ready',
      size: 1,
    });
    expect(await sizePoints(tagPack.id)).toBe(before + 1);
  });

  it('§issue 17 item 6 attack: twenty tag edits and a hundred screens at once compute the pack at most once per edit, and it ends at the right size', async () => {
    const before = await sizePoints(tagPack.id);
    t.clock.advance(1_000);
    // Fan 0 loses the tag, fans 1–19 get it: twenty edits, each with five screens opening the pack.
    const edits = mine.map((fan, i) => setTags(me, fan, i === 0 ? [] : [tag]));
    const opens = Array.from({ length: 5 * FANS }, (_, i) => open(i));
    const answers = await Promise.all([...edits, ...opens]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const settled = await settledPack(t, me, tagPack.id);
    expect(settled.pack).toMatchObject({ stale: false, state: 'ready', size: FANS - 1 });
    const computed = (await sizePoints(tagPack.id)) - before;
    expect(computed).toBeGreaterThanOrEqual(1);
    expect(computed).toBeLessThanOrEqual(FANS);
    // Fresh now: opening it again computes nothing.
    const again = dataOf<PackDetail>(await call(t, 'GET', `/crowd-packs/${tagPack.id}`, me));
    expect(again.pack).toMatchObject({ stale: false, state: 'ready', size: FANS - 1 });
    expect(await sizePoints(tagPack.id)).toBe(before + computed);
  });

  it('§issue 17 item 6 attack: a screen that read the stale pack before another screen computed it at the same instant does not compute it again', async () => {
    t.clock.advance(1_000);
    expect((await setTags(me, mine[1]!, [])).statusCode).toBe(200);
    expect((await settledPack(t, me, tagPack.id)).pack).toMatchObject({ stale: false, size: FANS - 2 });
    // The clock stands still from here: every computation stores the same computed-at time.
    expect((await setTags(me, mine[1]!, [tag])).statusCode).toBe(200);
    const [read] = await t.db.select().from(crowdPacks).where(eq(crowdPacks.id, tagPack.id));
    const ctx = await stalenessContextOf(t.db, me.id, t.clock.now());
    const before = await sizePoints(tagPack.id);
    expect((await refreshStalePacks(t.db, [read!], () => [], ctx)).computing.has(tagPack.id)).toBe(true);
    expect((await settledPack(t, me, tagPack.id)).pack).toMatchObject({ stale: false, size: FANS - 1 });
    // The slower screen still holds the stale read: its claim must not hold any more.
    await refreshStalePacks(t.db, [read!], () => [], ctx);
    expect((await settledPack(t, me, tagPack.id)).pack).toMatchObject({ stale: false, state: 'ready' });
    expect(await sizePoints(tagPack.id)).toBe(before + 1);
  });

  it("§issue 17 item 6 attack: another designer's twenty tag edits while my screens open my pack compute none of mine", async () => {
    const before = await sizePoints(tagPack.id);
    t.clock.advance(1_000);
    const edits = theirs.map((fan) => setTags(intruder, fan, [theirTag]));
    const answers = await Promise.all([...edits, ...Array.from({ length: FANS }, (_, i) => open(i))]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await list(me);
    expect(rows.find((row) => row.id === tagPack.id)).toMatchObject({
      stale: false,
      state: 'ready',
      size: FANS - 1,
    });
    expect(await sizePoints(tagPack.id)).toBe(before);
  });
});
