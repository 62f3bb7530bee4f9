import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresHandle } from '../../src/db/client.ts';
import { crowdPackSizes } from '../../src/db/schema/index.ts';
import { JobQueue } from '../../src/jobs/index.ts';
import { and, cond, DAY } from '../crowd-packs/support.ts';
import { adminInProcess } from '../support/admin-cli.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  type Session,
  someone,
} from '../support/calls.ts';
import { settledJob } from '../support/jobs.ts';
import { testDatabaseKind } from '../support/test-app.ts';

/**
 * Issue 20 item 1: background work on a PostgreSQL queue (pg-boss) shared by every instance,
 * on PGlite as on a server: retries with backoff, a visible state per job, graceful shutdown,
 * `npm run admin -- jobs list|retry`, and the daily crowd packs on it.
 */

let t: AccountsApp;
let me: Session;
const opened: JobQueue[] = [];
const silent = { warn() {}, error() {} };

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'jobs-owner');
});

afterAll(async () => {
  for (const queue of opened) await queue.stop(1_000);
  await t?.close();
});

async function workingQueue(db = t.db): Promise<JobQueue> {
  const queue = JobQueue.open(db, { log: silent, work: true, pollingIntervalSeconds: 0.5 });
  opened.push(queue);
  await queue.whenStarted();
  return queue;
}

describe('issue 20 item 1: a job queue on PostgreSQL', () => {
  it('a job that fails is tried again with backoff and completes; its state and tries are visible', async () => {
    const queue = await workingQueue();
    const attempts: number[] = [];
    await queue.define<{ n: number }>({
      name: 'test.flaky',
      retryLimit: 3,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run(data, job) {
        attempts.push(Date.now());
        if (job.retryCount < 2) throw new Error(`try ${job.retryCount + 1} failed`);
        return { doubled: data.n * 2 };
      },
    });
    const id = (await queue.send('test.flaky', { n: 21 }))!;
    const job = await settledJob(t.db, id);
    expect(job.state).toBe('completed');
    expect(job.retries).toBe(2);
    expect(job.outcome).toBe('{"doubled":42}');
    expect(attempts).toHaveLength(3);
    // Backoff: the second wait is longer than the first.
    expect(attempts[2]! - attempts[1]!).toBeGreaterThan(attempts[1]! - attempts[0]!);
  });

  it('a job out of tries ends failed with its reason; `jobs list failed` shows it and `jobs retry` runs it once more', async () => {
    const queue = await workingQueue();
    let fixed = false;
    await queue.define<object>({
      name: 'test.broken',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run() {
        if (!fixed) throw new Error('ffmpeg is missing');
        return { ok: true };
      },
    });
    const id = (await queue.send('test.broken', {}))!;
    expect((await settledJob(t.db, id)).outcome).toBe('ffmpeg is missing');
    const listed = await adminInProcess(t.db, 'jobs', 'list', 'failed');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain('ffmpeg is missing');
    fixed = true;
    const retried = await adminInProcess(t.db, 'jobs', 'retry', id);
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stdout).toContain('queued again');
    const job = await settledJob(t.db, id, ['completed']);
    expect(job.outcome).toBe('{"ok":true}');
    // Only a failed job is retried; an unknown id or a malformed one is said so.
    expect((await adminInProcess(t.db, 'jobs', 'retry', id)).stderr).toContain('only a failed job');
    expect((await adminInProcess(t.db, 'jobs', 'retry', '00000000-0000-4000-8000-000000000000')).code).toBe(
      1,
    );
    expect((await adminInProcess(t.db, 'jobs', 'retry', 'x; drop table designers')).code).toBe(2);
    expect((await adminInProcess(t.db, 'jobs', 'list', 'bogus')).code).toBe(2);
  });

  it('twenty jobs sent at once to two working instances each run exactly once', async () => {
    // A second instance: its own pool on PostgreSQL; PGlite has one connection in one process.
    const second = testDatabaseKind() === 'postgres' ? postgresHandle(databaseUrlOf(t), 4) : undefined;
    try {
      const runs = new Map<number, number>();
      const definition = {
        name: 'test.once',
        retryLimit: 0,
        retryDelaySeconds: 1,
        expireInSeconds: 60,
        async run(data: { n: number }) {
          runs.set(data.n, (runs.get(data.n) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 20));
          return undefined;
        },
      };
      const a = await workingQueue();
      const b = await workingQueue(second?.db ?? t.db);
      await a.define(definition);
      await b.define(definition);
      const ids = await Promise.all(Array.from({ length: 20 }, (_, n) => a.send('test.once', { n })));
      for (const id of ids) expect((await settledJob(t.db, id!)).state).toBe('completed');
      expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      await b.stop(1_000);
    } finally {
      await second?.close();
    }
  });

  it('stopping waits for the job in hand to finish before it answers', async () => {
    const queue = await workingQueue();
    let finished = false;
    let started: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.define<object>({
      name: 'test.slow',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run() {
        started();
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        finished = true;
        return undefined;
      },
    });
    const id = (await queue.send('test.slow', {}))!;
    await running;
    await queue.stop(10_000);
    expect(finished).toBe(true);
    expect((await settledJob(t.db, id)).state).toBe('completed');
  });

  it('stopping waits for the statement that fails the last job, so the connection never closes under it', async () => {
    // pg-boss completes or fails a job without awaiting it; CI once saw that statement reach a
    // closed pool ("Cannot use a pool after calling end on the pool"). Holding the job's row makes
    // the statement wait: the stop must wait with it.
    const queue = await workingQueue();
    let started: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let letFail!: () => void;
    const mayFail = new Promise<void>((resolve) => (letFail = resolve));
    await queue.define<object>({
      name: 'test.last-words',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async run() {
        started();
        await mayFail;
        throw new Error('the last job failed');
      },
    });
    const id = (await queue.send('test.last-words', {}))!;
    await running;
    const release = await holdJobRow(id);
    letFail();
    let stopped = false;
    const stopping = queue.stop(10_000).then(() => (stopped = true));
    // pg-boss looks for jobs in hand every 500 ms; by then it has none, only the blocked statement.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(stopped).toBe(false);
    await release();
    await stopping;
    const job = await settledJob(t.db, id);
    expect(job.state).toBe('failed');
  });

  it('§issue 8 on the queue: the daily packs’ job refreshes the packs that are due, once', async () => {
    const pack = dataOf<{ id: number }>(
      await call(t, 'POST', '/crowd-packs', me, {
        kind: 'rule',
        name: '每日（队列）',
        refreshMode: 'daily',
        rule: and(cond({ field: 'gender', op: 'in', values: ['female'] })),
      }),
    );
    const history = async () =>
      (await t.db.select().from(crowdPackSizes).where(eq(crowdPackSizes.packId, pack.id))).length;
    expect(await history()).toBe(1);
    t.clock.advance(DAY + 1_000);
    // What the cron line sends each minute, sent now rather than waited for.
    const id = (await t.app.jobs.send('crowd-packs.refresh-due', {}))!;
    const job = await settledJob(t.db, id);
    expect(job.state).toBe('completed');
    expect(job.outcome).toBe('{"refreshed":1}');
    expect(await history()).toBe(2);
    const again = await settledJob(t.db, (await t.app.jobs.send('crowd-packs.refresh-due', {}))!);
    expect(again.outcome).toBe('{"refreshed":0}');
  });
});

/** The URL of this test's PostgreSQL database. */
/**
 * Makes any statement on job `id` wait until the answered release: a row lock from a second
 * connection on PostgreSQL; on PGlite, an open transaction, which holds its one connection.
 */
async function holdJobRow(id: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const other = testDatabaseKind() === 'postgres' ? postgresHandle(databaseUrlOf(t), 1) : undefined;
  const holding = other
    ? other.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from pgboss.job where id = ${id} for update`);
        held();
        await released;
      })
    : (
        t.db as unknown as { $client: { transaction(run: () => Promise<void>): Promise<void> } }
      ).$client.transaction(async () => {
        held();
        await released;
      });
  await isHeld;
  return async () => {
    release();
    await holding;
    await other?.close();
  };
}

function databaseUrlOf(app: AccountsApp): string {
  const pool = (app.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}
