import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../server/src/db/client.ts';
import { crowdPacks } from '../../server/src/db/schema/index.ts';
import { rowHash } from '../../server/src/seed/row-hash.ts';
import { insertBoutique } from './boutique.ts';
import { insertCatalogue } from './catalogue.ts';
import { insertCrowdPacks } from './crowd-packs.ts';
import { insertDesigners } from './designers.ts';
import { insertFans } from './fans.ts';
import { insertLedger } from './ledger.ts';
import { type BenchTarget, clearPgliteDirectory, ensurePostgresDatabase, openTarget } from './target.ts';
import { HEAVY_ACCOUNT, type Volumes, volumesAt } from './volumes.ts';

/** Bump when the generated data changes shape, so older bench databases are regenerated. */
const GENERATOR_VERSION = 1;

export interface GenerateOptions {
  seed: number;
  scale: number;
  log: (line: string) => void;
}

export interface BenchData {
  seed: number;
  scale: number;
  volumes: Volumes;
  /** The instant every generated time is relative to. */
  anchor: Date;
  generatedSeconds: number;
  reused: boolean;
}

interface MarkerRow extends Record<string, unknown> {
  version: number;
  seed: number;
  scale: number;
  anchor: string | Date;
  seconds: number;
}

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function readMarker(db: Database): Promise<MarkerRow | undefined> {
  const [found] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('public.bench_meta') is not null as present`,
  );
  if (!found?.present) return undefined;
  const [marker] = await rowsOf<MarkerRow>(
    db,
    sql`select version, seed, scale, anchor, seconds from bench_meta limit 1`,
  );
  return marker;
}

const isEmpty = async (db: Database) => {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from designers`);
  return row!.n === 0;
};

/** Steps already generated (a run stopped half-way resumes after the last one it finished). */
interface Progress {
  anchor: Date;
  done: Map<string, number>;
}

const PROGRESS_TABLE = sql`
  create table if not exists bench_progress (version int not null, seed int not null, scale float8 not null,
                                             anchor timestamptz not null, step text primary key,
                                             seconds float8 not null)`;

async function readProgress(db: Database, seed: number, scale: number): Promise<Progress | undefined> {
  const [found] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('public.bench_progress') is not null as present`,
  );
  if (!found?.present) return undefined;
  const rows = await rowsOf<{
    version: number;
    seed: number;
    scale: number;
    anchor: string | Date;
    step: string;
    seconds: number;
  }>(db, sql`select version, seed, scale, anchor, step, seconds from bench_progress`);
  const same = rows.filter(
    (r) => r.version === GENERATOR_VERSION && r.seed === seed && Number(r.scale) === scale,
  );
  if (same.length === 0 || same.length !== rows.length) return undefined;
  return { anchor: new Date(same[0]!.anchor), done: new Map(same.map((r) => [r.step, Number(r.seconds)])) };
}

/**
 * Fills an open, migrated database, step by step: each step commits with its row in
 * bench_progress, so a run that failed or was stopped (a full-volume run takes many minutes on
 * a shared machine) resumes after the last finished step instead of starting again.
 */
async function fill(
  db: Database,
  volumes: Volumes,
  seed: number,
  scale: number,
  progress: Progress,
  log: (l: string) => void,
): Promise<number> {
  const { anchor, done } = progress;
  const hash = rowHash(seed);
  await db.execute(PROGRESS_TABLE);
  const record = (tx: Database, step: string, seconds: number) =>
    tx.execute(sql`
      insert into bench_progress (version, seed, scale, anchor, step, seconds)
      values (${GENERATOR_VERSION}, ${seed}, ${scale}, ${anchor.toISOString()}::timestamptz, ${step}, ${seconds})`);
  /** A step in one transaction (no statement timeout), recorded as done in it. */
  const step = async (name: string, label: string, work: (tx: Database) => Promise<void>) => {
    const earlier = done.get(name);
    if (earlier !== undefined) {
      log(`  ${label}: done earlier (${earlier.toFixed(1)} s)`);
      return;
    }
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await work(tx);
      const seconds = (performance.now() - started) / 1000;
      await record(tx, name, seconds);
      done.set(name, seconds);
    });
    log(`  ${label}: ${done.get(name)!.toFixed(1)} s`);
  };
  await step('designers', `designers (1 heavy + ${volumes.designers})`, async (tx) => {
    await insertDesigners(tx, volumes.designers, anchor);
  });
  const [heavy] = await rowsOf<{ id: number }>(
    db,
    sql`select id from designers where account = ${HEAVY_ACCOUNT}`,
  );
  const base = { designerId: heavy!.id, now: anchor, hash };
  await step('fans', `${volumes.fans.toLocaleString('en')} fans with tags, measurements, wardrobes`, (tx) =>
    insertFans(tx, { ...base, count: volumes.fans }),
  );
  await step(
    'catalogue',
    `${volumes.videos} videos, ${volumes.courses} courses with daily statistics`,
    (tx) => insertCatalogue(tx, { ...base, videos: volumes.videos, courses: volumes.courses }),
  );
  await step('boutique', `${volumes.orders.toLocaleString('en')} boutique orders`, (tx) =>
    insertBoutique(tx, { ...base, orders: volumes.orders }),
  );
  await step('ledger', `${volumes.ledgerRows.toLocaleString('en')} ledger rows + rollups`, (tx) =>
    insertLedger(tx, {
      ...base,
      rows: volumes.ledgerRows,
      progress: (n) => log(`    ledger ${n.toLocaleString('en')}`),
    }),
  );
  // Statistics before the packs are computed, so their rules are planned on real figures.
  await step('analyze', 'analyze', async (tx) => {
    await tx.execute(sql`analyze`);
  });
  await step('crowd-packs', `${volumes.crowdPacks} crowd packs, materialised`, async (tx) => {
    await tx.delete(crowdPacks).where(eq(crowdPacks.designerId, base.designerId));
    await insertCrowdPacks(tx, { designerId: base.designerId, count: volumes.crowdPacks, now: anchor });
  });
  // As autovacuum would after a bulk load: statistics, and the visibility map for index-only scans.
  if (!done.has('vacuum')) {
    const started = performance.now();
    await db.execute(sql`vacuum analyze`);
    const seconds = (performance.now() - started) / 1000;
    await record(db, 'vacuum', seconds);
    done.set('vacuum', seconds);
    log(`  vacuum analyze: ${seconds.toFixed(1)} s`);
  }
  return [...done.values()].reduce((sum, seconds) => sum + seconds, 0);
}

/**
 * Makes sure `target` holds the benchmark data for `seed` and `scale`: reuses it when its
 * `bench_meta` marker says so, else (re)creates the database and generates everything.
 * The database is closed on return (a PGlite directory can then be opened by the server).
 */
export async function prepareBenchData(target: BenchTarget, options: GenerateOptions): Promise<BenchData> {
  const { seed, scale, log } = options;
  const volumes = volumesAt(scale);
  if (target.kind === 'postgres') await ensurePostgresDatabase(target.url, false);
  let handle: DatabaseHandle = await openTarget(target);
  try {
    const marker = await readMarker(handle.db);
    if (
      marker &&
      marker.version === GENERATOR_VERSION &&
      marker.seed === seed &&
      Number(marker.scale) === scale
    ) {
      log(`bench data present (seed ${seed}, scale ${scale}): reused`);
      return {
        seed,
        scale,
        volumes,
        anchor: new Date(marker.anchor),
        generatedSeconds: Number(marker.seconds),
        reused: true,
      };
    }
    let progress = marker ? undefined : await readProgress(handle.db, seed, scale);
    if (!progress && (marker || !(await isEmpty(handle.db)))) {
      log('bench database holds other data: recreating it');
      await handle.close();
      if (target.kind === 'postgres') await ensurePostgresDatabase(target.url, true);
      else clearPgliteDirectory(target.dataDir);
      handle = await openTarget(target);
    }
    if (progress)
      log(`resuming the generation of ${progress.anchor.toISOString()} (seed ${seed}, scale ${scale})`);
    // Whole minutes, so a run's times read cleanly; every generated time is relative to it.
    progress ??= { anchor: new Date(Math.floor(Date.now() / 60_000) * 60_000), done: new Map() };
    const { anchor } = progress;
    log(`generating bench data: seed ${seed}, scale ${scale}, ${JSON.stringify(volumes)}`);
    const seconds = await fill(handle.db, volumes, seed, scale, progress, log);
    await handle.db.execute(sql`
      create table bench_meta (version int not null, seed int not null, scale float8 not null,
                               volumes jsonb not null, anchor timestamptz not null,
                               seconds float8 not null, generated_at timestamptz not null default now())`);
    await handle.db.execute(sql`
      insert into bench_meta (version, seed, scale, volumes, anchor, seconds)
      values (${GENERATOR_VERSION}, ${seed}, ${scale}, ${JSON.stringify(volumes)}::jsonb,
              ${anchor.toISOString()}::timestamptz, ${seconds})`);
    log(`generated in ${seconds.toFixed(1)} s (the sum of its steps)`);
    return { seed, scale, volumes, anchor, generatedSeconds: seconds, reused: false };
  } finally {
    await handle.close();
  }
}
