/**
 * postgres-outage (issue 11 item 5): a server on PostgreSQL under a steady read/write load;
 * PostgreSQL is stopped (`pg_ctlcluster … stop`) for OUTAGE_SECONDS and started again — in a
 * `finally`, whatever happens, since everybody on the machine shares it. While it is down every
 * answer must be the 50300 envelope, each within the pool's connection timeout, and the process
 * must not crash; once it is back the same process (no restart) and the same session serve
 * again. Writes acknowledged before, during and after are all read back at the end.
 */
import fs from 'node:fs/promises';
import {
  call,
  login,
  mapLimit,
  type ProductDetail,
  percentile,
  productBody,
  productImages,
  sleep,
} from './support/api.ts';
import { onCleanup } from './support/cleanup.ts';
import {
  CLUSTER,
  clusterCtl,
  ensurePostgresRunning,
  scratchDatabase,
  waitForPostgres,
} from './support/postgres.ts';
import { type ScenarioReport, table } from './support/results.ts';
import { log, scratchDir, startInstance } from './support/servers.ts';

const WORKERS = 16;
const BASELINE_SECONDS = 5;
const OUTAGE_SECONDS = 15;
const AFTER_SECONDS = 10;
/** An answer during the outage must come within this (the pool's 5 s connection timeout, and slack). */
const ANSWER_BOUND_MS = 15_000;

interface Sample {
  start: number;
  end: number;
  kind: 'read' | 'write';
  status: number | 'none';
  code: number | undefined;
}

export default async function postgresOutage(): Promise<ScenarioReport> {
  const dataDir = await scratchDir('outage');
  const removeDir = onCleanup(`rm ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));
  const database = await scratchDatabase('outage');
  const dropDatabase = onCleanup(`drop ${database.name}`, database.drop);
  try {
    // LOG_LEVEL=fatal: every refused request would log "database unavailable" at error level.
    const server = await startInstance('server', {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'fatal',
    });
    const token = await login(server.origin);
    const images = await productImages(server.origin, token);
    const samples: Sample[] = [];
    const acked: { id: number; title: string }[] = [];
    let stopLoad = false;
    let crashed = false;
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const worker = async (w: number) => {
      for (let i = 0; !stopLoad; i++) {
        const kind = i % 2 === 0 ? 'read' : 'write';
        const body = productBody(`outage w${w} n${i}`, images);
        const start = now();
        try {
          const answer =
            kind === 'read'
              ? await call(server.origin, 'GET', '/menu', { token, timeoutMs: 60_000 })
              : await call<ProductDetail>(server.origin, 'POST', '/products', {
                  token,
                  json: body,
                  timeoutMs: 60_000,
                });
          samples.push({ start, end: now(), kind, status: answer.status, code: answer.body?.code });
          if (kind === 'write' && answer.status === 200 && answer.body?.code === 200)
            acked.push({ id: (answer.body.data as ProductDetail).id, title: body.title });
        } catch {
          samples.push({ start, end: now(), kind, status: 'none', code: undefined });
        }
        if (!server.alive()) crashed = true;
        await sleep(50);
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));

    await sleep(BASELINE_SECONDS * 1000);
    const stopAt = now();
    let stoppedAt = Number.NaN;
    let startAt = Number.NaN;
    let startedAt = Number.NaN;
    // Whatever happens from here on, PostgreSQL is started again.
    const restart = onCleanup(`pg_ctlcluster ${CLUSTER.join(' ')} start`, ensurePostgresRunning);
    try {
      log(`  stopping PostgreSQL (pg_ctlcluster ${CLUSTER.join(' ')} stop)`);
      await clusterCtl('stop');
      stoppedAt = now();
      await sleep(OUTAGE_SECONDS * 1000);
      if (!server.alive()) crashed = true;
    } finally {
      startAt = now();
      log('  starting PostgreSQL');
      await clusterCtl('start').catch(() => undefined);
      await restart();
      await waitForPostgres();
      startedAt = now();
    }
    // Load goes on until the first success after the start and AFTER_SECONDS more.
    const recoveryDeadline = performance.now() + 120_000;
    while (
      !samples.some((s) => s.start >= startedAt && s.status === 200) &&
      performance.now() < recoveryDeadline
    )
      await sleep(100);
    const firstOk = samples
      .filter((s) => s.start >= startedAt && s.status === 200)
      .map((s) => s.end)
      .sort((a, b) => a - b)[0];
    await sleep(AFTER_SECONDS * 1000);
    stopLoad = true;
    await Promise.all(workers);
    const alive = server.alive() && !crashed;

    const baseline = samples.filter((s) => s.end < stopAt);
    const during = samples.filter((s) => s.start >= stoppedAt && s.end <= startAt);
    const transition = samples.filter((s) => s.end >= stopAt && !(s.start >= stoppedAt && s.end <= startAt));
    const settled = samples.filter((s) => firstOk !== undefined && s.start >= firstOk);
    const is50300 = (s: Sample) => s.status === 503 && s.code === 50300;
    const isOk = (s: Sample) => s.status === 200 && s.code === 200;
    const firstRefusal = samples
      .filter((s) => s.end >= stopAt && is50300(s))
      .map((s) => s.end)
      .sort((a, b) => a - b)[0];
    const duringMs = during.map((s) => s.end - s.start).sort((a, b) => a - b);
    // Every answer after the stop is a success or the 50300 envelope; never a 500 or a dropped connection.
    const otherAnswers = [...during, ...transition].filter((s) => !isOk(s) && !is50300(s));
    const duringOk = during.filter(isOk).length;

    const found = await mapLimit(acked, 8, async (write) => {
      const answer = await call<ProductDetail>(server.origin, 'GET', `/products/${write.id}`, { token });
      return answer.status === 200 && answer.body?.data.title === write.title;
    });
    const present = found.filter(Boolean).length;
    await server.stop();

    const seconds = (ms: number | undefined) =>
      ms === undefined || Number.isNaN(ms) ? '—' : (ms / 1000).toFixed(2);
    const checks = {
      baselineClean: baseline.length > 0 && baseline.every(isOk),
      allRefused: during.length > 0 && during.every(is50300),
      bounded: (duringMs.at(-1) ?? Infinity) <= ANSWER_BOUND_MS,
      noOtherAnswers: otherAnswers.length === 0,
      alive,
      resumed: firstOk !== undefined && settled.length > 0 && settled.every(isOk),
      noLoss: present === acked.length,
    };
    const passed = Object.values(checks).every(Boolean);
    const failedChecks = Object.entries(checks)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    return {
      name: 'postgres-outage',
      outcome: passed ? 'pass' : 'fail',
      summary: `${during.length} requests during a ${OUTAGE_SECONDS} s outage: ${during.filter(is50300).length} × 50300 (p99 ${seconds(percentile(duringMs, 99))} s, max ${seconds(duringMs.at(-1))} s), first 50300 ${seconds(firstRefusal === undefined ? undefined : firstRefusal - stopAt)} s after stop; process alive: ${alive ? 'yes' : 'NO'}; first 200 ${seconds(firstOk === undefined ? undefined : firstOk - startedAt)} s after PostgreSQL was back; writes acknowledged ${acked.length}, lost ${acked.length - present}${failedChecks.length ? `; failed: ${failedChecks.join(', ')}` : ''}`,
      details: [
        `${WORKERS} workers alternating GET /menu and POST /products on a server with DATABASE_URL (scratch database); ${BASELINE_SECONDS} s of load, then \`pg_ctlcluster ${CLUSTER.join(' ')} stop\` for ${OUTAGE_SECONDS} s, then start; the load continues ${AFTER_SECONDS} s after the first success. Times are seconds from the event.`,
        '',
        ...table(
          ['phase', 'requests', '200', '50300 envelope', 'other answers', 'no answer', 'p50 s', 'max s'],
          (
            [
              ['before the stop', baseline],
              [
                'stopping / starting (transitions)',
                transition.filter((s) => firstOk === undefined || s.start < firstOk),
              ],
              ['PostgreSQL down', during],
              ['after recovery', settled],
            ] as const
          ).map(([phase, list]) => {
            const ms = list.map((s) => s.end - s.start).sort((a, b) => a - b);
            return [
              phase,
              list.length,
              list.filter(isOk).length,
              list.filter(is50300).length,
              list.filter((s) => s.status !== 'none' && !isOk(s) && !is50300(s)).length,
              list.filter((s) => s.status === 'none').length,
              seconds(percentile(ms, 50)),
              seconds(ms.at(-1)),
            ];
          }),
        ),
        '',
        `- pg_ctlcluster stop took ${seconds(stoppedAt - stopAt)} s; first 50300 answer ${seconds(firstRefusal === undefined ? undefined : firstRefusal - stopAt)} s after the stop began; ${duringOk} successes while down (must be 0).`,
        `- PostgreSQL accepted connections ${seconds(startedAt - startAt)} s after the start began; the server's first 200 came ${seconds(firstOk === undefined ? undefined : firstOk - startedAt)} s later, same process (pid ${server.pid}, alive throughout: ${alive ? 'yes' : 'no'}) and same session.`,
        `- Writes acknowledged over the whole run: ${acked.length}; present at the end: ${present}; lost: ${acked.length - present}.`,
      ],
    };
  } finally {
    await dropDatabase();
    await removeDir();
  }
}
