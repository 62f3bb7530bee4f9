import type { ListPage, PackRow, RuleNode } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crowdPackSizes, crowdPacks } from '../../src/db/schema/index.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  expectNotFound,
  type Session,
  someone,
} from '../basic-information/support.ts';
import { and, cond, type FanFixture, insertFans, plainFan, settledPack } from './support.ts';

/**
 * Issue 17 item 6 attacked: opening a stale pack starts its computation, so a GET writes. Many
 * screens at once must not compute a pack more than once, and nobody but its designer can start it.
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
