import type { PackRow, RuleGroup } from '@dc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPglite } from '../../../src/db/query-budget.ts';
import { computePack } from '../../../src/modules/crowd-packs/compute.ts';
import {
  API,
  authHeader,
  DEMO_SEEDED_AT,
  envelopeOf,
  queryRows,
  type TestApp,
} from '../../support/test-app.ts';
import {
  BUDGET_MS,
  type Designer,
  expectLightRequestsTakeTurns,
  heaviestAccepted,
  latencyFigures,
  lightLatenciesDuring,
  openBudgetWorld,
  purchases,
} from './support.ts';

/**
 * Issue 16 item 4: saving or refreshing a pack filled it with one `INSERT … SELECT` that the POST
 * waited for; on PGlite that one statement froze every other request. Members are now found in
 * short fan-id slices and written in one short transaction; past the budget the POST answers the
 * pack `computing` and the computation finishes in the background.
 */

let t: TestApp;
let demo: Designer;
let others: Designer[];

beforeAll(async () => {
  ({ t, demo, others } = await openBudgetWorld());
});

afterAll(async () => {
  await t?.close();
});

const save = (token: string, name: string, rule: RuleGroup) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/crowd-packs`,
    headers: authHeader(token),
    payload: { kind: 'rule', name, refreshMode: 'manual', rule },
  });

const packOf = async (id: number) =>
  (
    envelopeOf(
      await t.app.inject({ method: 'GET', url: `${API}/crowd-packs/${id}`, headers: authHeader(demo.token) }),
    ).data as { pack: PackRow }
  ).pack;

/** Waits for the pack to leave `computing`. */
async function settled(id: number): Promise<PackRow> {
  for (let i = 0; i < 600; i++) {
    const pack = await packOf(id);
    if (pack.state !== 'computing') return pack;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pack ${id} still computing`);
}

const exactBuyers = async () => {
  const since = new Date(DEMO_SEEDED_AT.getTime() - 3650 * 86_400_000).toISOString();
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(distinct fan_id)::int as n from boutique_orders
        where designer_id = ${demo.id} and fan_id is not null and state <> 'refunded'
          and created_at >= ${since}::timestamptz`,
  );
  return row!.n;
};

describe('resource budget: saving a crowd pack', () => {
  it('saving the heaviest rule the compiler accepts keeps other designers’ requests and /health taking turns (p99 < 200 ms, or ⅕ of the heavy work’s time on a loaded machine), and the pack holds the exact members', async () => {
    const engine = isPglite(t.db) ? 'pglite' : 'postgres';
    const n = heaviestAccepted(engine);
    const heaviest = purchases(n);
    let answeredMs = 0;
    // The heavy work is the POST and the background computation it may leave: light requests
    // must take turns with both.
    const { latencies, heavyMs, answer } = await lightLatenciesDuring(t, others[1]!, async () => {
      const started = performance.now();
      const res = await save(demo.token, 'heaviest', heaviest);
      answeredMs = performance.now() - started;
      const saved = envelopeOf(res).data as PackRow;
      return { res, saved, done: res.statusCode === 200 ? await settled(saved.id) : undefined };
    });
    expect(answer.res.statusCode).toBe(200);
    const { saved } = answer;
    expect(['computing', 'ready']).toContain(saved.state);
    // The POST waits at most the budget (and a slice) for the computation.
    expect(answeredMs).toBeLessThan(BUDGET_MS + 1_000);
    const done = answer.done!;
    console.info(`[resource-budget] computed in the background ${(heavyMs - answeredMs).toFixed(0)} ms more`);
    expect(done.state).toBe('ready');
    expect(done.size).toBe(await exactBuyers());
    const [members] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from crowd_pack_members where pack_id = ${saved.id}`,
    );
    expect(members!.n).toBe(done.size);
    console.info(
      `[resource-budget] ${engine}: saving ${heaviest.children.length} purchase conditions answered in ${answeredMs.toFixed(0)} ms (${saved.state}), ${latencyFigures(latencies)}`,
    );
    expectLightRequestsTakeTurns({ latencies, heavyMs });
  }, 120_000);

  it('a rule too heavy to count live is saved: past the budget the POST answers it computing, and it turns ready in the background', async () => {
    const engine = isPglite(t.db) ? 'pglite' : 'postgres';
    const n = heaviestAccepted(engine);
    const started = performance.now();
    const res = await save(demo.token, 'heavier than live', purchases(Math.min(100, n * 3)));
    const answeredMs = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const saved = envelopeOf(res).data as PackRow;
    expect(answeredMs).toBeLessThan(BUDGET_MS + 1_000);
    if (saved.state === 'computing') expect(answeredMs).toBeGreaterThanOrEqual(BUDGET_MS - 50);
    const done = await settled(saved.id);
    console.info(
      `[resource-budget] ${engine}: saving ${Math.min(100, n * 3)} purchase conditions answered ${saved.state} in ${answeredMs.toFixed(0)} ms, ready after ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(done.state).toBe('ready');
    expect(done.size).toBe(await exactBuyers());
  }, 120_000);

  it('a refresh of a large pack keeps /health taking turns (p99 < 200 ms, or ⅕ of the heavy work’s time on a loaded machine) while its members are rewritten', async () => {
    const pack = envelopeOf(
      await save(demo.token, 'everyone', {
        type: 'group',
        op: 'or',
        children: [{ type: 'condition', field: 'gender', op: 'in', values: ['female', 'male', 'unknown'] }],
      }),
    ).data as PackRow;
    const before = await settled(pack.id);
    expect(before.size).toBeGreaterThan(10_000);
    // The heavy work is the POST and the background rewrite it may leave.
    const { latencies, heavyMs, answer } = await lightLatenciesDuring(t, others[2]!, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/crowd-packs/${pack.id}/refresh`,
        headers: authHeader(demo.token),
      });
      return { res, done: await settled(pack.id) };
    });
    expect(answer.res.statusCode).toBe(200);
    expect(answer.done.size).toBe(before.size);
    console.info(`[resource-budget] refresh of ${before.size} members, ${latencyFigures(latencies)}`);
    expectLightRequestsTakeTurns({ latencies, heavyMs });
  });

  it('a computation over its budget leaves the previous members and a clear failed state, nothing half written', async () => {
    const pack = envelopeOf(await save(demo.token, 'over budget', purchases(3))).data as PackRow;
    const ready = await settled(pack.id);
    expect(ready.state).toBe('ready');
    const membersOf = () =>
      queryRows<{ fan_id: number }>(
        t.db,
        sql`select fan_id from crowd_pack_members where pack_id = ${pack.id} order by fan_id`,
      );
    const previous = await membersOf();
    expect(previous.length).toBe(ready.size);
    // A budget spent before the first slice: the computation stops and writes nothing.
    await computePack(t.db, pack.id, DEMO_SEEDED_AT, undefined, 0);
    const failed = await packOf(pack.id);
    expect(failed.state).toBe('failed');
    expect(failed.failure).toBe('计算超时：规则过于繁重，请简化后重试');
    expect(failed.size).toBe(ready.size);
    expect(await membersOf()).toEqual(previous);
  });

  it('a pack saved twice at once ends with the members of the definition it keeps (the later save), never the other’s', async () => {
    const first = envelopeOf(await save(demo.token, 'resaved', purchases(1))).data as PackRow;
    await settled(first.id);
    // Two saves in a row: the earlier computation, still running or not, cannot overwrite the later.
    const everyone: RuleGroup = {
      type: 'group',
      op: 'and',
      children: [{ type: 'condition', field: 'gender', op: 'in', values: ['female', 'male', 'unknown'] }],
    };
    const put = (rule: RuleGroup) =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/crowd-packs/${first.id}`,
        headers: authHeader(demo.token),
        payload: { kind: 'rule', name: 'resaved', refreshMode: 'manual', rule },
      });
    const [a, b] = await Promise.all([put(purchases(2)), put(everyone)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const done = await settled(first.id);
    // On PostgreSQL the two saves run on two connections, so either may be the later one; the
    // pack must hold the members of the definition it keeps, never the other's.
    if (isPglite(t.db)) expect(done.rule).toEqual(everyone);
    const since = new Date(DEMO_SEEDED_AT.getTime() - 3650 * 86_400_000).toISOString();
    const [buyers] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct fan_id)::int as n from boutique_orders
          where designer_id = ${demo.id} and fan_id is not null and state <> 'refunded'
            and created_at >= ${since}::timestamptz`,
    );
    const kept = JSON.stringify(done.rule) === JSON.stringify(everyone) ? 20_000 : buyers!.n;
    expect([everyone, purchases(2)]).toContainEqual(done.rule);
    expect(done.size).toBe(kept);
    const [members] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from crowd_pack_members where pack_id = ${first.id}`,
    );
    expect(members!.n).toBe(kept);
  });
});
