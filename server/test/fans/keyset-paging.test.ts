import { type FanListPage, type FanSortField, fanSortFields } from '@dc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysetOrder, keysetSeek } from '../../src/db/keyset.ts';
import { fans } from '../../src/db/schema/index.ts';
import { cursorScope, encodeCursor } from '../../src/http/page-cursor.ts';
import { fanKeysetSort } from '../../src/modules/fans/filter.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  envelopeOf,
  expectInvalid,
  type Session,
  someone,
} from '../support/calls.ts';
import { API, authHeader, queryRows } from '../support/test-app.ts';

/**
 * Issue 21 item 3: the fan list pages by keyset. 23 fans whose every sort column has ties (and
 * times that differ below a millisecond, which a JS Date would lose), walked a page of 5 at a
 * time by cursor, forward and back, for each sort order, against the order computed here.
 */
let t: AccountsApp;
let me: Session;
let other: Session;
const N = 23;
const SIZE = 5;

interface Fixture {
  id: number;
  /** Microseconds after the base instant. */
  followedUs: number;
  activeUs: number;
  spent: number;
  orders: number;
  birthYear: number | null;
  gender: 'male' | 'female';
}
const mine: Fixture[] = [];
let othersIds: number[] = [];

async function insertFan(designerId: number, f: Omit<Fixture, 'id'>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into fans (designer_id, nickname, gender, birth_year, city_code, source, followed_at,
          last_active_at, total_spent, order_count, created_at, updated_at)
        values (${designerId}, 'keyset', ${f.gender}, ${f.birthYear}, '440100', 'video',
          timestamptz '2025-06-01 00:00:00+00' + ${f.followedUs}::float8 * interval '1 microsecond',
          timestamptz '2025-07-01 00:00:00+00' + ${f.activeUs}::float8 * interval '1 microsecond',
          ${f.spent}, ${f.orders}, now(), now())
        returning id`,
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'keyset-fans');
  other = await someone(t, 'keyset-other');
  for (let i = 0; i < N; i++) {
    const f: Omit<Fixture, 'id'> = {
      followedUs: [0, 0, 1, 500][i % 4]! + ((i * 7) % 3) * 1000,
      activeUs: (i * 5) % 4,
      spent: [0, 100, 100, 2500][i % 4]!,
      orders: i % 3,
      birthYear: i % 5 === 0 ? null : 1980 + (i % 3),
      gender: i % 2 === 0 ? 'female' : 'male',
    };
    mine.push({ ...f, id: await insertFan(me.id, f) });
  }
  othersIds = [];
  for (let i = 0; i < 3; i++) {
    othersIds.push(
      await insertFan(other.id, {
        followedUs: i,
        activeUs: 0,
        spent: 0,
        orders: 0,
        birthYear: null,
        gender: 'female',
      }),
    );
  }
});
afterAll(() => t.close());

/** The list's order, worked out here from the fixture: key then id, nulls (unknown ages) last. */
function expectedOrder(rows: Fixture[], sortBy: FanSortField, order: 'asc' | 'desc'): number[] {
  const sign = order === 'asc' ? 1 : -1;
  const keyOf = (f: Fixture): number | null =>
    sortBy === 'followedAt'
      ? f.followedUs
      : sortBy === 'lastActiveAt'
        ? f.activeUs
        : sortBy === 'totalSpent'
          ? f.spent
          : sortBy === 'orderCount'
            ? f.orders
            : f.birthYear === null
              ? null
              : -f.birthYear;
  return [...rows]
    .sort((a, b) => {
      const [ka, kb] = [keyOf(a), keyOf(b)];
      if (ka === null || kb === null) {
        if (ka !== kb) return ka === null ? 1 : -1;
      } else if (ka !== kb) return sign * (ka - kb);
      return sign * (a.id - b.id);
    })
    .map((f) => f.id);
}

const list = async (who: Session, query: string) => {
  const res = await call(t, 'GET', `/fans?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<FanListPage>(res);
};
const ids = (page: FanListPage) => page.dataList.map((r) => r.id);

const orders = fanSortFields.flatMap((sortBy) =>
  (['asc', 'desc'] as const).map((order) => [sortBy, order] as const),
);

describe('issue 21 item 3: the fan list pages by cursor', () => {
  it('the fixture has ties on every sort column and times a millisecond cannot tell apart', () => {
    for (const [sortBy] of orders) {
      const keys = expectedOrder(mine, sortBy, 'asc');
      expect(keys).toHaveLength(N);
    }
    expect(new Set(mine.map((f) => f.spent)).size).toBeLessThan(N);
    expect(mine.filter((f) => f.followedUs === 1).length).toBeGreaterThan(0);
    expect(mine.filter((f) => f.followedUs === 0).length).toBeGreaterThan(1);
  });

  it.each(orders)(
    'walking every page by cursor (%s %s) yields every fan once, in order, both ways',
    async (sortBy, order) => {
      const want = expectedOrder(mine, sortBy, order);
      const sort = `sortBy=${sortBy}&order=${order}&pageSize=${SIZE}`;
      // Forward: the first page by number, then only cursors.
      const pages: FanListPage[] = [await list(me, sort)];
      expect(pages[0]!.prevCursor).toBeNull();
      while (pages.at(-1)!.nextCursor) {
        pages.push(await list(me, `${sort}&cursor=${pages.at(-1)!.nextCursor}`));
        expect(pages.length).toBeLessThanOrEqual(Math.ceil(N / SIZE));
      }
      expect(pages.flatMap(ids)).toEqual(want);
      expect(pages.map((p) => p.dataList.length)).toEqual([5, 5, 5, 5, 3]);
      // The same pages by number.
      for (const [i, page] of pages.entries()) {
        expect(ids(await list(me, `${sort}&page=${i + 1}`))).toEqual(ids(page));
      }
      // Back from the last page by cursor.
      const back: FanListPage[] = [pages.at(-1)!];
      while (back.at(-1)!.prevCursor) {
        back.push(await list(me, `${sort}&cursor=${back.at(-1)!.prevCursor}`));
        expect(back.length).toBeLessThanOrEqual(Math.ceil(N / SIZE));
      }
      expect(back.reverse().flatMap(ids)).toEqual(want);
      expect(back[0]!.prevCursor).toBeNull();
      // A jump with the nearest cursor and a page number reads the page asked for.
      expect(ids(await list(me, `${sort}&page=4&cursor=${pages[0]!.nextCursor}`))).toEqual(
        want.slice(15, 20),
      );
      expect(ids(await list(me, `${sort}&page=3&cursor=${pages[4]!.prevCursor}`))).toEqual(
        want.slice(10, 15),
      );
      expect(ids(await list(me, `${sort}&page=2&cursor=${pages[4]!.prevCursor}`))).toEqual(want.slice(5, 10));
      // A cursor on the wrong side of the page asked for: the page by number.
      expect(ids(await list(me, `${sort}&page=1&cursor=${pages[2]!.nextCursor}`))).toEqual(want.slice(0, 5));
    },
  );

  it('a filtered list walks by cursor within its filter, with its totals', async () => {
    const females = mine.filter((f) => f.gender === 'female');
    const want = expectedOrder(females, 'totalSpent', 'desc');
    const query = `gender=female&sortBy=totalSpent&order=desc&pageSize=${SIZE}`;
    let page = await list(me, query);
    const seen = ids(page);
    while (page.nextCursor) {
      page = await list(me, `${query}&cursor=${page.nextCursor}`);
      seen.push(...ids(page));
      expect(page.totalNumber).toBe(females.length);
    }
    expect(seen).toEqual(want);
  });

  it('a garbled or forged cursor is a 400 naming `cursor`, in the request’s language, never a 500', async () => {
    const first = await list(me, `pageSize=${SIZE}`);
    const payload = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = (change: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ ...payload, ...change })).toString('base64url');
    const bad = [
      'abc',
      'not!a!cursor',
      'x'.repeat(401),
      Buffer.from('{"v":1').toString('base64url'),
      forged({ k: "2025-06-01'; drop table fans; --" }),
      forged({ k: '2025-02-31T00:00:00.000000Z' }),
      forged({ i: -1 }),
      forged({ p: 'far' }),
      forged({ v: 2 }),
      forged({ s: 'sideways' }),
    ];
    for (const cursor of bad) {
      expectInvalid(
        await call(t, 'GET', `/fans?pageSize=${SIZE}&cursor=${encodeURIComponent(cursor)}`, me),
        'cursor',
      );
    }
    // An order count past an integer's range: refused before SQL (PostgreSQL would answer 22003).
    const orderCursor = (await list(me, `sortBy=orderCount&pageSize=${SIZE}`)).nextCursor!;
    const orderPayload = JSON.parse(Buffer.from(orderCursor, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const huge = Buffer.from(JSON.stringify({ ...orderPayload, k: '99999999999' })).toString('base64url');
    expectInvalid(
      await call(t, 'GET', `/fans?sortBy=orderCount&pageSize=${SIZE}&cursor=${huge}`, me),
      'cursor',
    );

    for (const [language, words] of [
      ['zh-CN', '翻页位置'],
      ['en-US', 'cursor'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/fans?pageSize=${SIZE}&cursor=abc`,
        headers: { ...authHeader(me.token), 'accept-language': language },
      });
      const envelope = envelopeOf(res);
      expect(res.statusCode).toBe(400);
      expect(envelope.msg).toContain('cursor');
      expect(JSON.stringify(envelope.data)).toContain(words);
    }
  });

  it('another designer’s cursor is refused, and a cursor forged for them reads only their fans', async () => {
    const mineFirst = await list(me, `pageSize=${SIZE}`);
    expectInvalid(
      await call(t, 'GET', `/fans?pageSize=${SIZE}&cursor=${mineFirst.nextCursor}`, other),
      'cursor',
    );
    // Made for the other designer's own list, pointing into mine: the query stays theirs.
    const payload = JSON.parse(Buffer.from(mineFirst.nextCursor!, 'base64url').toString()) as {
      k: string;
      i: number;
    };
    const scope = cursorScope('fans', other.id, { order: 'desc', sortBy: 'followedAt' });
    for (const side of ['after', 'before'] as const) {
      const cursor = encodeCursor(scope, { side, position: 1, key: payload.k, id: payload.i });
      const page = await list(other, `pageSize=${SIZE}&cursor=${cursor}`);
      for (const id of ids(page)) expect(othersIds).toContain(id);
    }
    const theirs = await list(other, `pageSize=${SIZE}`);
    expect(ids(theirs).sort()).toEqual([...othersIds].sort());
  });

  it('a cursor used with another filter or sort is a 400 naming `cursor`', async () => {
    const females = await list(me, `gender=female&pageSize=${SIZE}`);
    expect(females.nextCursor).not.toBeNull();
    expectInvalid(
      await call(t, 'GET', `/fans?gender=male&pageSize=${SIZE}&cursor=${females.nextCursor}`, me),
      'cursor',
    );
    expectInvalid(await call(t, 'GET', `/fans?pageSize=${SIZE}&cursor=${females.nextCursor}`, me), 'cursor');
    expectInvalid(
      await call(t, 'GET', `/fans?gender=female&order=asc&pageSize=${SIZE}&cursor=${females.nextCursor}`, me),
      'cursor',
    );
    expectInvalid(
      await call(
        t,
        'GET',
        `/fans?gender=female&sortBy=age&pageSize=${SIZE}&cursor=${females.nextCursor}`,
        me,
      ),
      'cursor',
    );
    // The page size may change: the cursor still seeks.
    const next = await list(me, `gender=female&pageSize=3&cursor=${females.nextCursor}`);
    expect(ids(next)).toEqual(
      expectedOrder(
        mine.filter((f) => f.gender === 'female'),
        'followedAt',
        'desc',
      ).slice(5, 8),
    );
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('issue 21 item 3: every fan sort seeks in an index on (designer, key, id)', () => {
  it.each(orders)('%s %s: an index range, no sort', async (sortBy, order) => {
    const first = await list(me, `sortBy=${sortBy}&order=${order}&pageSize=${SIZE}`);
    const payload = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString()) as {
      k: string;
      i: number;
    };
    const sort = fanKeysetSort(sortBy, order);
    const query = t.db
      .select({ id: fans.id })
      .from(fans)
      .where(
        sql`${fans.designerId} = ${me.id} and ${keysetSeek(sort, { key: payload.k, id: payload.i }, 'after')}`,
      )
      .orderBy(...keysetOrder(sort))
      .limit(SIZE + 1)
      .toSQL();
    const inlined = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = query.params[Number(n) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    });
    const plan = await t.db.transaction(async (tx) => {
      // What the planner would do with a million fans: never read them all and sort.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result = await tx.execute(sql.raw(`explain (format json) ${inlined}`));
      const [row] = (result as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[] }).rows;
      const raw = row!['QUERY PLAN'];
      return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode;
    });
    const nodes = nodesOf(plan);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Incremental Sort');
    const scan = nodes.find((n) => n['Node Type'].startsWith('Index'));
    expect(scan?.['Index Name']).toMatch(/^fans_designer_/);
    // The seek is part of the index range (a ROW comparison in the Index Cond), not a filter.
    expect(scan?.['Index Cond']).toMatch(/ROW\(/);
  });
});
