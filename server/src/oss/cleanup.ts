import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoreLayout } from './layout.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** OSS's own lifecycle default for unfinished multipart uploads. */
export const ABANDONED_UPLOAD_AGE_MS = 7 * DAY_MS;
/** Temporary files older than this were left by a crash or a dropped connection. */
const STALE_TEMPORARY_AGE_MS = DAY_MS;
export const CLEANUP_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface CleanupReport {
  uploads: number;
  temporaryFiles: number;
}

/**
 * Removes multipart uploads with no activity for 7 days (a part added or replaced touches the
 * upload's directory) and temporary leftovers older than a day.
 */
export async function removeAbandonedUploads(layout: StoreLayout, now = Date.now()): Promise<CleanupReport> {
  return {
    uploads: await removeOlderThan(layout.multipartDir, now - ABANDONED_UPLOAD_AGE_MS),
    temporaryFiles: await removeOlderThan(layout.temporaryDir, now - STALE_TEMPORARY_AGE_MS),
  };
}

async function removeOlderThan(dir: string, cutoffMs: number): Promise<number> {
  let removed = 0;
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const entry = path.join(dir, name);
    const stat = await fs.stat(entry).catch(() => undefined);
    if (!stat || stat.mtimeMs >= cutoffMs) continue;
    await fs.rm(entry, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** Runs the clean-up now and every 6 hours; the timer never keeps the process alive. */
export function scheduleCleanup(layout: StoreLayout, onError: (error: unknown) => void): () => void {
  const run = () => void removeAbandonedUploads(layout).catch(onError);
  run();
  const timer = setInterval(run, CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
