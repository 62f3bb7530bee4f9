/**
 * `npm run bench -- packs [--fans=N] [--runs=N]`: live counts of crowd packs (issue 8) on
 * PostgreSQL with N fans (default 1,000,000) for one designer.
 *
 * A scratch database `dc_bench_packs` is created on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. The fans are inserted
 * set-based by the seed's generator. Timed, each `runs` times after a warm-up:
 * - the live count of a 5-condition rule (the service: every node's count in one scan);
 * - the live count of a 3-pack combination over materialised snapshots;
 * each against a hand-written SQL query of the same question: the total over the same sample of
 * fans the service reads above 200,000 of them (so the ratio is the service's overhead), and the
 * exact total (a full scan; for the combination an UNION / EXCEPT over the snapshot rows), whose
 * answer the estimate must hold within twice its margin.
 */
import { randomBytes } from 'node:crypto';
import type { PackCountBody, RuleGroup } from '@dc/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { postgresHandle } from '../server/src/db/client.ts';
import { crowdPacks, designers } from '../server/src/db/schema/index.ts';
import { hashPassword } from '../server/src/modules/auth/passwords.ts';
import {
  countDefinition,
  LIVE_COUNT_SAMPLING,
  samplePercentFor,
} from '../server/src/modules/crowd-packs/analysis.ts';
import { materialise } from '../server/src/modules/crowd-packs/compute.ts';
import { insertGeneratedFans } from '../server/src/seed/fans.ts';
import { seedTags } from '../server/src/seed/tags.ts';
import { businessYear } from '../server/src/time/business-day.ts';

const SCRATCH = 'dc_bench_packs';
const DAY = 86_400_000;

const option = (options: string[], name: string, fallback: number): number => {
  const found = options.find((o) => o.startsWith(`--${name}=`));
  const value = found ? Number(found.slice(name.length + 3).replaceAll('_', '')) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
};

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeRuns(runs: number, work: () => Promise<unknown>) {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export default async function packsBench(options: string[]): Promise<void> {
  const fanCount = option(options, 'fans', 1_000_000);
  const runs = option(options, 'runs', 30);
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(baseUrl);
  url.pathname = `/${SCRATCH}`;
  await admin(baseUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${SCRATCH}`);
  });
  const database = postgresHandle(url.toString(), 4);
  const db = database.db;
  try {
    await database.migrate();
    const [designer] = await db
      .insert(designers)
      .values({
        account: 'bench',
        passwordHash: await hashPassword(randomBytes(9).toString('hex')),
        nickname: 'bench',
      })
      .returning({ id: designers.id });
    const designerId = designer!.id;
    const now = new Date();
    let tagIds: number[] = [];
    const insertStarted = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      tagIds = await seedTags(tx, designerId, now);
      await insertGeneratedFans(tx, { designerId, count: fanCount, now, tagIds });
    });
    await db.execute(sql`analyze`);
    process.stdout.write(
      `insert ${fanCount.toLocaleString('en')} fans (set-based): ${((performance.now() - insertStarted) / 1000).toFixed(1)} s\n`,
    );

    // 5 conditions: female, age 20–40, active within 60 days, spent ≥ ¥100, carries tag 1 or 2.
    const rule: RuleGroup = {
      type: 'group',
      op: 'and',
      children: [
        { type: 'condition', field: 'gender', op: 'in', values: ['female'] },
        { type: 'condition', field: 'age', op: 'between', min: 20, max: 40 },
        { type: 'condition', field: 'lastActiveAt', op: 'withinDays', days: 60 },
        { type: 'condition', field: 'totalSpent', op: 'between', min: 10_000, max: null },
        { type: 'condition', field: 'tags', op: 'any', tagIds: tagIds.slice(0, 2) },
      ],
    };
    const year = businessYear(now);
    const since = new Date(now.getTime() - 60 * DAY).toISOString();
    const handRule = sql`select count(*)::int as n from fans f
      where f.designer_id = ${designerId} and f.gender = 'female'
        and f.birth_year between ${year - 40} and ${year - 20}
        and f.last_active_at >= ${since}::timestamptz and f.total_spent >= 10000
        and exists (select 1 from fan_tags t where t.fan_id = f.id and t.tag_id = any(${`{${tagIds.slice(0, 2).join(',')}}`}::int[]))`;

    // Three rule packs, materialised: combination (A or B) and C.
    const packRules: RuleGroup[] = [
      { type: 'group', op: 'and', children: [rule.children[0]!] },
      { type: 'group', op: 'and', children: [rule.children[2]!] },
      { type: 'group', op: 'and', children: [rule.children[3]!] },
    ];
    const packIds: number[] = [];
    const materialiseStarted = performance.now();
    for (const [i, definition] of packRules.entries()) {
      const [row] = await db
        .insert(crowdPacks)
        .values({ designerId, name: `p${i}`, kind: 'rule', definition, createdAt: now, updatedAt: now })
        .returning();
      await db.transaction(async (tx) => {
        await materialise(tx, row!, now);
      });
      packIds.push(row!.id);
    }
    await db.execute(sql`analyze crowd_pack_members`);
    process.stdout.write(
      `materialise 3 packs: ${((performance.now() - materialiseStarted) / 1000).toFixed(1)} s\n`,
    );
    const [a, b, c] = packIds as [number, number, number];
    const combined: PackCountBody = { kind: 'combined', combination: { include: [[a, b]], exclude: [c] } };
    const handCombined = sql`select count(*)::int as n from (
      select fan_id from crowd_pack_members where pack_id in (${a}, ${b})
      except select fan_id from crowd_pack_members where pack_id = ${c}) s`;
    // The sampled questions, as the service asks them above 200,000 fans (a share of the pages).
    const percent = fanCount > LIVE_COUNT_SAMPLING.aboveFans ? samplePercentFor(fanCount) : 100;
    const sample = sql.raw(`tablesample system (${percent}) repeatable (0)`);
    const handRuleSampled = sql`select count(*)::int as n from fans f ${sample}
      where f.designer_id = ${designerId} and f.gender = 'female'
        and f.birth_year between ${year - 40} and ${year - 20}
        and f.last_active_at >= ${since}::timestamptz and f.total_spent >= 10000
        and exists (select 1 from fan_tags t where t.fan_id = f.id and t.tag_id = any(${`{${tagIds.slice(0, 2).join(',')}}`}::int[]))`;
    const handCombinedSampled = sql`select count(*)::int as n from fans f ${sample}
      where f.designer_id = ${designerId}
        and exists (select 1 from crowd_pack_members m where m.fan_id = f.id and m.pack_id in (${a}, ${b}))
        and not exists (select 1 from crowd_pack_members m where m.fan_id = f.id and m.pack_id = ${c})`;

    const ruleBody = { kind: 'rule', rule } as const;
    const questions = [
      {
        name: '5-condition rule (+ 6 node counts)',
        body: ruleBody,
        sampled: handRuleSampled,
        exact: handRule,
      },
      {
        name: '3-pack combination (+ node counts)',
        body: combined,
        sampled: handCombinedSampled,
        exact: handCombined,
      },
    ];
    let table =
      '| live count | p50 ms | p99 ms | hand SQL, same sample, p50 ms | ratio (p50) | hand SQL, exact, p50 ms | answer | exact |\n' +
      '|---|---:|---:|---:|---:|---:|---:|---:|\n';
    for (const question of questions) {
      const service = await timeRuns(runs, () =>
        countDefinition(db, designerId, question.body as never, now),
      );
      const sampled = await timeRuns(runs, () => db.execute(question.sampled));
      const exactTimes = await timeRuns(Math.min(runs, 5), () => db.execute(question.exact));
      const answer = await countDefinition(db, designerId, question.body as never, now);
      const [exact] = ((await db.execute(question.exact)) as unknown as { rows: Array<{ n: number }> }).rows;
      // An estimate must hold the exact answer within twice its 95 % margin (block sampling).
      const margin = answer.totalMargin ?? 0;
      if (Math.abs(answer.total - exact!.n) > 2 * margin) {
        throw new Error(`${question.name}: ${answer.total} ± ${margin}, exact ${exact!.n}`);
      }
      const shown = answer.totalMargin === null ? `${answer.total}` : `≈ ${answer.total} ± ${margin}`;
      table += `| ${question.name} | ${service.p50.toFixed(1)} | ${service.p99.toFixed(1)} | ${sampled.p50.toFixed(1)} | ${(service.p50 / sampled.p50).toFixed(2)} | ${exactTimes.p50.toFixed(1)} | ${shown} | ${exact!.n} |\n`;
    }
    process.stdout.write(`\n${fanCount.toLocaleString('en')} fans, ${runs} runs each\n\n${table}`);
  } finally {
    await database.close();
    await admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`));
  }
}
