import type { RuleGroup } from '@dc/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BudgetExceeded, budgetedRows, isPglite, QueryBudget } from '../../../src/db/query-budget.ts';
import { countDefinition } from '../../../src/modules/crowd-packs/analysis.ts';
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
  ruleOf,
} from './support.ts';

/**
 * Issue 16 item 4: one request froze the server. `POST /crowd-packs/count` with N `purchase`
 * conditions on the demo designer (20,000 fans) took 10–142 s and answered 200 past the 5 s
 * limit, while every other request and /health waited; on PGlite statement_timeout did nothing.
 */

let t: TestApp;
let demo: Designer;
let others: Designer[];

const count = (token: string, rule: RuleGroup, language = 'en-US') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/crowd-packs/count`,
    headers: { ...authHeader(token), 'accept-language': language },
    payload: { kind: 'rule', rule },
  });

/** 200 with a count, or 42200 naming the rule: the only answers a live count may give. */
function expectCountedOrTooHeavy(res: LightMyRequestResponse) {
  const body = envelopeOf(res);
  if (res.statusCode === 200) {
    expect(body.code).toBe(200);
    expect((body.data as { elapsedMs: number }).elapsedMs).toBeLessThanOrEqual(BUDGET_MS + 500);
    return;
  }
  expect(res.statusCode).toBe(422);
  expect(body.code).toBe(42200);
  expect((body.data as { errors: Array<{ path: string }> }).errors[0]!.path).toBe('rule');
}

beforeAll(async () => {
  ({ t, demo, others } = await openBudgetWorld());
});

afterAll(async () => {
  await t?.close();
});

describe('resource budget: live crowd-pack counts', () => {
  it('a purchase condition over the 20,000 demo fans is counted exactly, within the budget', async () => {
    const res = await count(demo.token, purchases(1));
    expect(res.statusCode).toBe(200);
    const answer = envelopeOf(res).data as { total: number; allFans: number; estimated: boolean };
    const since = new Date(DEMO_SEEDED_AT.getTime() - 3650 * 86_400_000).toISOString();
    const [exact] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct fan_id)::int as n from boutique_orders
          where designer_id = ${demo.id} and fan_id is not null and state <> 'refunded'
            and created_at >= ${since}::timestamptz`,
    );
    expect(answer.allFans).toBe(20_000);
    expect(answer.estimated).toBe(false);
    expect(answer.total).toBe(exact!.n);
    expect(answer.total).toBeGreaterThan(0);
  });

  it('a 20-condition purchase count answers within the budget or the heavy-rule code, never a hang', async () => {
    const started = performance.now();
    const res = await count(demo.token, purchases(20));
    expect(performance.now() - started).toBeLessThan(BUDGET_MS + 2_000);
    expectCountedOrTooHeavy(res);
  });

  it('a rule over the cost limit is refused before it runs (42200, in the request’s language), and no pack is written', async () => {
    const [{ id: tagId }] = (await queryRows<{ id: number }>(
      t.db,
      sql`select id from tags where designer_id = ${demo.id} order by id limit 1`,
    )) as [{ id: number }];
    const heavy = ruleOf(
      Array.from(
        { length: 100 },
        () => ({ type: 'condition', field: 'tags', op: 'all', tagIds: [tagId] }) as const,
      ),
    );
    const [before] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from crowd_packs`);
    const started = performance.now();
    const en = await count(demo.token, heavy, 'en-US');
    // Refused by its estimate: far sooner than counting would take.
    expect(performance.now() - started).toBeLessThan(BUDGET_MS);
    expect(en.statusCode).toBe(422);
    const body = envelopeOf(en);
    expect(body.code).toBe(42200);
    expect(body.msg).toBe('too heavy to count live; save the pack to count it in the background');
    expect(body.data).toMatchObject({ reason: 'cost', errors: [{ path: 'rule', message: body.msg }] });
    const zh = envelopeOf(await count(demo.token, heavy, 'zh-CN'));
    expect(zh.code).toBe(42200);
    expect(zh.msg).toBe('条件过于繁重，无法实时计数；保存人群包后将在后台计算');
    const [after] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from crowd_packs`);
    expect(after!.n).toBe(before!.n);
  });

  it('a count that outlasts its time budget answers 42200 (reason time) instead of waiting', async () => {
    // A combination has no estimate to refuse it early: only the time budget stops it.
    const packs = await queryRows<{ id: number }>(
      t.db,
      sql`select id from crowd_packs where designer_id = ${demo.id} and kind = 'rule' order by id limit 2`,
    );
    expect(packs.length).toBe(2);
    const promise = countDefinition(
      t.db,
      demo.id,
      { kind: 'combined', combination: { include: [[packs[0]!.id]], exclude: [packs[1]!.id] } },
      DEMO_SEEDED_AT,
      undefined,
      { budgetMs: 1, lang: 'zh-CN' },
    );
    await expect(promise).rejects.toMatchObject({
      code: 42200,
      message: '实时计数超过 0.001 秒仍未完成；保存人群包后将在后台计算',
      data: { reason: 'time', budgetMs: 1, errors: [{ path: 'combination' }] },
    });
  });

  it('on PostgreSQL a statement that runs past the budget is stopped by the server, not waited for', async () => {
    if (isPglite(t.db)) {
      // PGlite cannot stop a statement: its budget is the slices' (the tests above and below).
      const spent = new QueryBudget(0);
      await expect(budgetedRows(t.db, spent, sql`select 1`)).rejects.toBeInstanceOf(BudgetExceeded);
      return;
    }
    const started = performance.now();
    await expect(budgetedRows(t.db, new QueryBudget(300), sql`select pg_sleep(5)`)).rejects.toBeInstanceOf(
      BudgetExceeded,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('while the heaviest rule the compiler accepts is counted, other designers’ requests and /health keep taking turns (p99 < 200 ms, or ⅕ of the heavy work’s time on a loaded machine)', async () => {
    const engine = isPglite(t.db) ? 'pglite' : 'postgres';
    const n = heaviestAccepted(engine);
    const heaviest = purchases(n);
    const { latencies, heavyMs, answer } = await lightLatenciesDuring(t, others[1]!, () =>
      count(demo.token, heaviest),
    );
    expectCountedOrTooHeavy(answer);
    console.info(`[resource-budget] ${engine}: ${n} purchase conditions, ${latencyFigures(latencies)}`);
    expectLightRequestsTakeTurns({ latencies, heavyMs });
  });

  it('five designers counting heavy rules at once each answer within the budget or the heavy-rule code', async () => {
    const started = performance.now();
    const answers = await Promise.all([demo, ...others].map((who) => count(who.token, purchases(20))));
    expect(performance.now() - started).toBeLessThan(BUDGET_MS + 3_000);
    for (const res of answers) expectCountedOrTooHeavy(res);
    // The other designers' counts are their own fans' (no orders: nobody bought).
    for (const res of answers.slice(1)) {
      if (res.statusCode === 200) expect((envelopeOf(res).data as { total: number }).total).toBe(0);
    }
    const health = await t.app.inject({ method: 'GET', url: `${API}/health` });
    expect(health.statusCode).toBe(200);
  });
});
