/**
 * sigkill-writes (issue 11 item 5): many concurrent writers create products through the API
 * with the demo account; mid-load the server is killed with SIGKILL (no drain, no close), then
 * started again on the same database — the embedded PGlite in the same DATA_DIR, and PostgreSQL
 * at DATABASE_URL (a scratch database). Every write that got a 200 acknowledgement must be there,
 * whole (read back by id, title compared); writes in flight at the kill may or may not be.
 */
import fs from 'node:fs/promises';
import {
  call,
  login,
  mapLimit,
  ok,
  type ProductDetail,
  productBody,
  productImages,
  sleep,
} from './support/api.ts';
import { onCleanup } from './support/cleanup.ts';
import { scratchDatabase } from './support/postgres.ts';
import { type ScenarioReport, table } from './support/results.ts';
import { type Instance, log, scratchDir, startInstance } from './support/servers.ts';

const WRITERS = 32;
/** Load before the kill: seconds after the first acknowledgement, and at least this many acks. */
const LOAD_SECONDS = 8;
const MIN_ACKS = 200;

interface Acked {
  id: number;
  title: string;
}

interface TargetFigures {
  target: string;
  acknowledged: number;
  inFlight: number;
  refused: number;
  present: number;
  lost: number;
  committedUnacked: number;
  restartSeconds: number;
  sessionKept: boolean;
}

async function writeUntilKilled(server: Instance, token: string, run: string) {
  const images = await productImages(server.origin, token);
  const acked: Acked[] = [];
  let inFlight = 0;
  let refused = 0;
  let stop = false;
  let firstAckAt = 0;
  const writer = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const body = productBody(`${run} w${w} n${i}`, images);
      try {
        const answer = await call<ProductDetail>(server.origin, 'POST', '/products', {
          token,
          json: body,
          timeoutMs: 60_000,
        });
        if (answer.status === 200 && answer.body?.code === 200) {
          acked.push({ id: answer.body.data.id, title: body.title });
          firstAckAt ||= performance.now();
        } else refused++;
      } catch {
        // No answer: the server died with this write in flight; it was never acknowledged.
        inFlight++;
        if (!server.alive()) return;
        await sleep(50);
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  const deadline = performance.now() + 180_000;
  while (!(firstAckAt && performance.now() - firstAckAt > LOAD_SECONDS * 1000 && acked.length >= MIN_ACKS)) {
    if (performance.now() > deadline) throw new Error(`only ${acked.length} writes acknowledged in 180 s`);
    await sleep(100);
  }
  const ackedBeforeKill = acked.length;
  await server.kill();
  stop = true;
  await Promise.all(writers);
  log(
    `  killed with ${ackedBeforeKill} acknowledged; ${acked.length - ackedBeforeKill} acknowledged while dying, ${inFlight} in flight`,
  );
  return { acked, inFlight, refused };
}

async function runTarget(target: 'pglite' | 'postgres'): Promise<TargetFigures> {
  const dataDir = await scratchDir(`writes-${target}`);
  const removeDir = onCleanup(`rm ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));
  const database = target === 'postgres' ? await scratchDatabase('writes') : undefined;
  const dropDatabase = database ? onCleanup(`drop ${database.name}`, database.drop) : async () => {};
  const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
  try {
    const first = await startInstance(`${target} #1`, env);
    const token = await login(first.origin);
    const run = `${target}${Date.now().toString(36)}`;
    const { acked, inFlight, refused } = await writeUntilKilled(first, token, run);

    const restartStarted = performance.now();
    const second = await startInstance(
      `${target} #2 (same ${target === 'pglite' ? 'DATA_DIR' : 'database'})`,
      env,
    );
    const restartSeconds = (performance.now() - restartStarted) / 1000;
    // The session lives in the database: it outlives the process.
    const sessionKept = (await call(second.origin, 'GET', '/menu', { token })).status === 200;
    const reader = sessionKept ? token : await login(second.origin);

    const found = await mapLimit(acked, 8, async (write) => {
      const answer = await call<ProductDetail>(second.origin, 'GET', `/products/${write.id}`, {
        token: reader,
      });
      return answer.status === 200 && answer.body?.data.title === write.title;
    });
    const present = found.filter(Boolean).length;
    const listed = await ok<{ totalNumber: number }>(
      second.origin,
      'GET',
      `/products?page=1&pageSize=1&keyword=${encodeURIComponent(`rel ${run}`)}`,
      { token: reader },
    );
    await second.stop();
    return {
      target: target === 'pglite' ? 'PGlite (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)',
      acknowledged: acked.length,
      inFlight,
      refused,
      present,
      lost: acked.length - present,
      committedUnacked: listed.totalNumber - present,
      restartSeconds,
      sessionKept,
    };
  } finally {
    await dropDatabase();
    await removeDir();
  }
}

export default async function sigkillWrites(): Promise<ScenarioReport> {
  const figures: TargetFigures[] = [];
  for (const target of ['pglite', 'postgres'] as const) {
    log(`- ${target}`);
    figures.push(await runTarget(target));
    const f = figures.at(-1)!;
    log(`  acknowledged ${f.acknowledged}, present ${f.present}, lost ${f.lost}`);
  }
  const lost = figures.reduce((sum, f) => sum + f.lost, 0);
  const refused = figures.reduce((sum, f) => sum + f.refused, 0);
  const passed =
    lost === 0 && refused === 0 && figures.every((f) => f.sessionKept && f.acknowledged >= MIN_ACKS);
  return {
    name: 'sigkill-writes',
    outcome: passed ? 'pass' : 'fail',
    summary: figures
      .map((f) => `${f.target}: acknowledged ${f.acknowledged}, present ${f.present}, lost ${f.lost}`)
      .join('; '),
    details: [
      `${WRITERS} concurrent writers (POST /products, demo account) for ≥ ${LOAD_SECONDS} s, then SIGKILL; restarted on the same database and every acknowledged product read back by id (title compared).`,
      '',
      ...table(
        [
          'database',
          'acknowledged',
          'present',
          'lost',
          'in flight at kill',
          'committed, never acknowledged',
          'refused (non-200)',
          'restart s',
          'session kept',
        ],
        figures.map((f) => [
          f.target,
          f.acknowledged,
          f.present,
          f.lost,
          f.inFlight,
          f.committedUnacked,
          f.refused,
          f.restartSeconds.toFixed(1),
          f.sessionKept ? 'yes' : 'no',
        ]),
      ),
    ],
  };
}
