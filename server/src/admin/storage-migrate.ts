import { servedTypeOfFile } from '../oss/served-type.ts';
import type { ObjectStore, StoredObject } from '../storage/index.ts';
import { formatBytes, ProgressLine } from './storage-progress.ts';

/**
 * `storage migrate --to s3`: every object of the source store copied into the target. Resumable:
 * an object the target already holds at the same size is skipped, so a run stopped half-way
 * (or one made while the server still wrote) goes on where the last one stopped.
 */

/** Copies at once: enough to hide one request's latency, few enough for a small machine. */
const PARALLEL_COPIES = 4;
/** Failures in a row, with no copy between, after which the rest is not tried (a store gone). */
const FAILURES_IN_A_ROW = 10;

export interface MigrateReport {
  copied: number;
  skipped: number;
  failed: number;
  /** Bytes written into the target by this run. */
  bytes: number;
  seconds: number;
  /** What failed, `key: reason`, in the order it happened. */
  failures: string[];
}

export async function migrateObjects(
  source: ObjectStore,
  target: ObjectStore,
  say: (line: string) => void,
): Promise<MigrateReport> {
  const started = performance.now();
  const objects: StoredObject[] = [];
  for await (const object of source.list('')) objects.push(object);
  objects.sort((a, b) => a.key.localeCompare(b.key));
  const present = new Map<string, number>();
  for await (const object of target.list('')) present.set(object.key, object.size);

  const report: MigrateReport = { copied: 0, skipped: 0, failed: 0, bytes: 0, seconds: 0, failures: [] };
  const totalBytes = objects.reduce((sum, object) => sum + object.size, 0);
  say(`${objects.length} object(s), ${formatBytes(totalBytes)}, to move; the target holds ${present.size}`);
  const progress = new ProgressLine(objects.length, totalBytes, say);
  let failuresInARow = 0;
  let next = 0;

  const copyOne = async (object: StoredObject): Promise<void> => {
    if (present.get(object.key) === object.size) {
      report.skipped++;
      return progress.done(object, 0);
    }
    progress.working(object);
    try {
      const size = await source.withLocalFile(object.key, async (file, stored) => {
        await target.putFile(object.key, file, await servedTypeOfFile(file));
        return stored.size;
      });
      if (size === undefined) {
        // Deleted from the source since the listing (a designer removed it): nothing to move.
        report.skipped++;
        return progress.done(object, 0);
      }
      const arrived = await target.head(object.key);
      if (arrived?.size !== size)
        throw new Error(`${arrived ? `${arrived.size} bytes` : 'nothing'} in the target, ${size} written`);
      report.copied++;
      report.bytes += size;
      failuresInARow = 0;
      progress.done(object, size);
    } catch (error) {
      report.failed++;
      failuresInARow++;
      const failure = `${object.key}: ${error instanceof Error ? error.message : String(error)}`;
      report.failures.push(failure);
      say(`failed: ${failure}`);
      progress.done(object, 0);
    }
  };

  const worker = async () => {
    while (next < objects.length && failuresInARow < FAILURES_IN_A_ROW) await copyOne(objects[next++]!);
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL_COPIES }, worker));
  } finally {
    progress.stop();
  }
  if (next < objects.length) {
    say(`stopped after ${FAILURES_IN_A_ROW} failures in a row: ${objects.length - next} object(s) not tried`);
    report.failed += objects.length - next;
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

export const migrateSummary = (r: MigrateReport) =>
  `storage migrate: copied ${r.copied}, skipped ${r.skipped}, failed ${r.failed}, ` +
  `${formatBytes(r.bytes)} (${r.bytes} bytes) in ${r.seconds.toFixed(1)} s` +
  (r.seconds > 0 && r.bytes > 0 ? `, ${(r.bytes / 1e6 / r.seconds).toFixed(1)} MB/s` : '');
