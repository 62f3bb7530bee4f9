/**
 * soak (issue 11 item 6): a steady `--rate` req/s (default 200) of mixed reads and writes (80 / 20) on loopback
 * for `--minutes` (default 10), paced open-loop (each request leaves on its own schedule whatever
 * the answers do), after a warm-up; the server's RSS sampled every second. Reports per minute
 * the requests, errors (non-200 or no answer), p50/p99/max latency and peak RSS; passes with
 * zero errors, RSS growth (end of warm-up → end) under 10 % and p99 stable (no minute above
 * 3× the median minute). Every acknowledged write is counted back at the end.
 * PostgreSQL by default (a scratch database); RELIABILITY_SOAK_DB=pglite for the embedded one.
 */
import fs from 'node:fs/promises';
import {
  call,
  login,
  ok,
  type ProductDetail,
  percentile,
  productBody,
  productImages,
  sleep,
} from './support/api.ts';
import { onCleanup } from './support/cleanup.ts';
import { scratchDatabase } from './support/postgres.ts';
import { type ScenarioOptions, type ScenarioReport, table } from './support/results.ts';
import { log, rssOf, scratchDir, startInstance } from './support/servers.ts';

const WARM_UP_SECONDS = 20;
/** Requests allowed in flight before the client counts the schedule as missed (an error). */
const MAX_IN_FLIGHT = 500;
const RUN_ID = Date.now().toString(36);

interface Sample {
  /** ms since the measured start (negative: warm-up). */
  at: number;
  ms: number;
  ok: boolean;
}

type Op = { method: 'GET' | 'POST'; path: string; json?: unknown; write: boolean; title?: string };

export default async function soak(options: ScenarioOptions): Promise<ScenarioReport> {
  const usePglite = process.env.RELIABILITY_SOAK_DB === 'pglite';
  const dataDir = await scratchDir('soak');
  const removeDir = onCleanup(`rm ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));
  const database = usePglite ? undefined : await scratchDatabase('soak');
  const dropDatabase = database ? onCleanup(`drop ${database.name}`, database.drop) : async () => {};
  try {
    const server = await startInstance('server', {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const token = await login(server.origin);
    const images = await productImages(server.origin, token);
    const fans = await ok<{ dataList: { id: number }[] }>(server.origin, 'GET', '/fans?page=1&pageSize=20', {
      token,
    });
    const fanIds = fans.dataList.map((f) => f.id);
    const productIds: number[] = [];
    let sequence = 0;
    const nextOp = (n: number): Op => {
      switch (n % 10) {
        case 0:
        case 5: {
          const body = productBody(`soak ${RUN_ID} ${sequence++}`, images);
          return { method: 'POST', path: '/products', json: body, write: true, title: body.title };
        }
        case 1:
          return { method: 'GET', path: '/menu', write: false };
        case 2:
          return { method: 'GET', path: '/products?page=1&pageSize=10', write: false };
        case 3:
        case 7:
          return productIds.length
            ? { method: 'GET', path: `/products/${productIds[(n * 7919) % productIds.length]}`, write: false }
            : { method: 'GET', path: '/menu', write: false };
        case 4:
          return { method: 'GET', path: '/fans?page=1&pageSize=20', write: false };
        case 6:
          return fanIds.length
            ? { method: 'GET', path: `/fans/${fanIds[n % fanIds.length]}`, write: false }
            : { method: 'GET', path: '/tags', write: false };
        case 8:
          return { method: 'GET', path: '/tags', write: false };
        default:
          return { method: 'GET', path: '/vault/balance?days=30', write: false };
      }
    };

    const samples: Sample[] = [];
    const rss: { at: number; bytes: number }[] = [];
    let acknowledgedWrites = 0;
    let missed = 0;
    let inFlight = 0;
    const totalMs = (WARM_UP_SECONDS + options.minutes * 60) * 1000;
    const started = performance.now() + WARM_UP_SECONDS * 1000; // the measured start
    const first = performance.now();
    const rssTimer = setInterval(
      () => rss.push({ at: performance.now() - started, bytes: rssOf(server.pid) }),
      1000,
    );
    const pending = new Set<Promise<void>>();
    log(`  ${options.rate} req/s for ${WARM_UP_SECONDS} s warm-up + ${options.minutes} min`);
    for (let n = 0; ; n++) {
      const due = first + (n * 1000) / options.rate;
      if (due - first >= totalMs) break;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      if (inFlight >= MAX_IN_FLIGHT) {
        missed++;
        samples.push({ at: due - started, ms: Number.NaN, ok: false });
        continue;
      }
      const op = nextOp(n);
      inFlight++;
      const sent = performance.now();
      const request = call<ProductDetail>(server.origin, op.method, op.path, {
        token,
        json: op.json,
        timeoutMs: 30_000,
      })
        .then(
          (answer) => {
            const success = answer.status === 200 && answer.body?.code === 200;
            if (success && op.write) {
              acknowledgedWrites++;
              productIds.push(answer.body!.data.id);
            }
            samples.push({ at: sent - started, ms: performance.now() - sent, ok: success });
          },
          () => {
            samples.push({ at: sent - started, ms: performance.now() - sent, ok: false });
          },
        )
        .finally(() => {
          inFlight--;
          pending.delete(request);
        });
      pending.add(request);
    }
    await Promise.all(pending);
    clearInterval(rssTimer);
    const alive = server.alive();
    const listed = await ok<{ totalNumber: number }>(
      server.origin,
      'GET',
      `/products?page=1&pageSize=1&keyword=${encodeURIComponent(`soak ${RUN_ID}`)}`,
      { token },
    );
    await server.stop();

    const measured = samples.filter((s) => s.at >= 0);
    const minutes = Math.ceil(options.minutes);
    const perMinute = Array.from({ length: minutes }, (_, m) => {
      const inMinute = measured.filter((s) => s.at >= m * 60_000 && s.at < (m + 1) * 60_000);
      const ms = inMinute
        .filter((s) => !Number.isNaN(s.ms))
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      const rssPeak = Math.max(
        0,
        ...rss.filter((r) => r.at >= m * 60_000 && r.at < (m + 1) * 60_000).map((r) => r.bytes),
      );
      const seconds = Math.min(60, options.minutes * 60 - m * 60);
      return {
        minute: m + 1,
        requests: inMinute.length,
        rate: inMinute.length / seconds,
        errors: inMinute.filter((s) => !s.ok).length,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        max: ms.at(-1) ?? Number.NaN,
        rssPeak,
      };
    });
    const rssAtStart = rss.filter((r) => r.at <= 0).at(-1)?.bytes ?? rss[0]?.bytes ?? 0;
    const rssAtEnd = rss.at(-1)?.bytes ?? 0;
    const rssPeak = Math.max(...rss.filter((r) => r.at >= 0).map((r) => r.bytes));
    const growth = rssAtStart ? ((rssAtEnd - rssAtStart) / rssAtStart) * 100 : Number.NaN;
    const errors = measured.filter((s) => !s.ok).length;
    const allMs = measured
      .filter((s) => !Number.isNaN(s.ms))
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    const p99s = perMinute.map((m) => m.p99).sort((a, b) => a - b);
    const medianP99 = percentile(p99s, 50);
    const p99Stable = p99s.length > 0 && (p99s.at(-1) ?? Infinity) <= 3 * medianP99;
    const checks = {
      zeroErrors: errors === 0 && samples.every((s) => s.ok),
      rssGrowthUnder10: growth < 10,
      p99Stable,
      writesAllThere: listed.totalNumber === acknowledgedWrites,
      alive,
    };
    const failed = Object.entries(checks)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
    const fixed = (ms: number) => (Number.isNaN(ms) ? '—' : ms.toFixed(ms < 10 ? 1 : 0));
    return {
      name: 'soak',
      outcome: failed.length === 0 ? 'pass' : 'fail',
      summary: `${options.minutes} min at ${options.rate} req/s (${(measured.filter((s) => s.ok).length / (options.minutes * 60)).toFixed(1)} req/s answered 200): ${measured.length} requests, ${errors} errors; p99 per minute ${perMinute.map((m) => fixed(m.p99)).join(' / ')} ms; RSS ${mb(rssAtStart)} → ${mb(rssAtEnd)} (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %), peak ${mb(rssPeak)}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
      details: [
        `${usePglite ? 'PGlite (DATA_DIR)' : 'PostgreSQL (scratch database)'}; paced open-loop client, ${options.rate} req/s: 20 % POST /products, 80 % reads (menu, product list and detail, fan list and detail, tags, vault balance), one session; ${WARM_UP_SECONDS} s warm-up not counted; the schedule counts as missed (an error) past ${MAX_IN_FLIGHT} requests in flight. RSS of the server process from /proc every second; growth is from the end of the warm-up to the end.`,
        '',
        ...table(
          ['minute', 'requests', 'req/s', 'errors', 'p50 ms', 'p99 ms', 'max ms', 'peak RSS'],
          perMinute.map((m) => [
            m.minute,
            m.requests,
            m.rate.toFixed(1),
            m.errors,
            fixed(m.p50),
            fixed(m.p99),
            fixed(m.max),
            mb(m.rssPeak),
          ]),
        ),
        '',
        `- whole run: ${measured.length} requests, ${errors} errors (${missed} missed schedule slots), p50 ${fixed(percentile(allMs, 50))} ms, p99 ${fixed(percentile(allMs, 99))} ms, max ${fixed(allMs.at(-1) ?? Number.NaN)} ms; p99 max/median minute ${(p99s.at(-1)! / medianP99).toFixed(2)}.`,
        `- RSS: ${mb(rssAtStart)} after warm-up, ${mb(rssAtEnd)} at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %), peak ${mb(rssPeak)}.`,
        `- writes acknowledged ${acknowledgedWrites}; found by keyword at the end ${listed.totalNumber}.`,
      ],
    };
  } finally {
    await dropDatabase();
    await removeDir();
  }
}
