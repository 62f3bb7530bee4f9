import type { CursorListPage, FanRow, PackRow } from '@dc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { queryRows } from '../support/test-app.ts';
import { and, cond, insertFans, plainFan, settledPack } from './support.ts';

/**
 * Issue 21 item 3: a crowd pack's members page by keyset on (followed time, fan id), newest
 * first. 18 members (and 5 fans outside the pack) whose follow times tie, some a microsecond
 * apart, walked 4 at a time by cursor both ways, against the order read here from the tables.
 */
let t: AccountsApp;
let me: Session;
let other: Session;
let pack: PackRow;
let men: PackRow;
const SIZE = 4;

beforeAll(async () => {
  t = await createAccountsApp();
  const now = t.clock.now();
  me = await someone(t, 'keyset-packs');
  other = await someone(t, 'keyset-packs-other');
  const list = Array.from({ length: 23 }, (_, i) =>
    plainFan(i % 4 === 3 ? 'male' : 'female', now, 1 + (i % 3)),
  );
  await insertFans(t, me.id, list);
  await t.db.execute(
    sql`update fans set followed_at = followed_at + (id % 3) * interval '1 microsecond' where designer_id = ${me.id}`,
  );
  const create = async (name: string, gender: 'female' | 'male') => {
    const row = dataOf<PackRow>(
      await call(t, 'POST', '/crowd-packs', me, {
        kind: 'rule',
        name,
        refreshMode: 'manual',
        rule: and(cond({ field: 'gender', op: 'in', values: [gender] })),
      }),
    );
    await settledPack(t, me, row.id);
    return row;
  };
  pack = await create('keyset women', 'female');
  men = await create('keyset men', 'male');
});
afterAll(() => t?.close());

async function expectedMembers(packId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number; us: string }>(
    t.db,
    sql`select f.id, (extract(epoch from f.followed_at) * 1000000)::bigint::text as us
        from crowd_pack_members m join fans f on f.id = m.fan_id where m.pack_id = ${packId}`,
  );
  return rows
    .sort((a, b) => (a.us === b.us ? b.id - a.id : BigInt(b.us) > BigInt(a.us) ? 1 : -1))
    .map((r) => r.id);
}

type MembersPage = CursorListPage<FanRow>;
const page = async (packId: number, query: string, who = me) => {
  const res = await call(t, 'GET', `/crowd-packs/${packId}/members?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<MembersPage>(res);
};
const ids = (p: MembersPage) => p.dataList.map((r) => r.id);

describe('issue 21 item 3: crowd-pack members page by cursor', () => {
  it('walking every page by cursor yields every member once, newest first, both ways; pages by number agree', async () => {
    const want = await expectedMembers(pack.id);
    expect(want).toHaveLength(18);
    const pages = [await page(pack.id, `pageSize=${SIZE}`)];
    expect(pages[0]!.prevCursor).toBeNull();
    while (pages.at(-1)!.nextCursor) {
      pages.push(await page(pack.id, `pageSize=${SIZE}&cursor=${pages.at(-1)!.nextCursor}`));
      expect(pages.length).toBeLessThanOrEqual(5);
    }
    expect(pages.flatMap(ids)).toEqual(want);
    expect(pages.map((p) => p.dataList.length)).toEqual([4, 4, 4, 4, 2]);
    for (const p of pages) expect(p.totalNumber).toBe(18);
    for (const [i, p] of pages.entries()) {
      expect(ids(await page(pack.id, `page=${i + 1}&pageSize=${SIZE}`))).toEqual(ids(p));
    }
    const back = [pages.at(-1)!];
    while (back.at(-1)!.prevCursor) {
      back.push(await page(pack.id, `pageSize=${SIZE}&cursor=${back.at(-1)!.prevCursor}`));
      expect(back.length).toBeLessThanOrEqual(5);
    }
    expect(back.reverse().flatMap(ids)).toEqual(want);
    expect(ids(await page(pack.id, `page=3&pageSize=${SIZE}&cursor=${pages[0]!.nextCursor}`))).toEqual(
      want.slice(8, 12),
    );
  });

  it('refuses a garbled cursor, another pack’s and another designer’s: 400 naming `cursor`, or 404 for the pack', async () => {
    const first = await page(pack.id, `pageSize=${SIZE}`);
    expectInvalid(await call(t, 'GET', `/crowd-packs/${pack.id}/members?cursor=abc`, me), 'cursor');
    expectInvalid(await call(t, 'GET', `/crowd-packs/${pack.id}/members?cursor=e30`, me), 'cursor');
    // Another pack of mine: the cursor was made for another list.
    expectInvalid(
      await call(t, 'GET', `/crowd-packs/${men.id}/members?cursor=${first.nextCursor}`, me),
      'cursor',
    );
    // Another designer: my pack is not theirs (404, before any cursor is read), and their own
    // pack refuses my cursor.
    expectNotFound(await call(t, 'GET', `/crowd-packs/${pack.id}/members?cursor=${first.nextCursor}`, other));
    const theirs = dataOf<PackRow>(
      await call(t, 'POST', '/crowd-packs', other, {
        kind: 'rule',
        name: 'theirs',
        refreshMode: 'manual',
        rule: and(cond({ field: 'gender', op: 'in', values: ['female'] })),
      }),
    );
    await settledPack(t, other, theirs.id);
    expectInvalid(
      await call(t, 'GET', `/crowd-packs/${theirs.id}/members?cursor=${first.nextCursor}`, other),
      'cursor',
    );
  });
});
