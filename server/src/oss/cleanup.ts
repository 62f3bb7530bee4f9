import fs from 'node:fs/promises';
import path from 'node:path';
import { DAY_MS } from '../time/business-day.ts';
import { isMissing, readJson } from './files.ts';
import type { StoreLayout } from './layout.ts';
import type { UploadRecord } from './multipart.ts';
import type { ObjectMeta } from './objects.ts';

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
 * The store's own clean-up, which needs no database: multipart uploads with no activity for 7
 * days (a part added or replaced touches the upload's directory) and temporary leftovers older
 * than a day. What no row registers, and uploads abandoned for 24 h, are the database side's
 * (modules/storage-quota/cleanup.ts), with the listing helpers below.
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

/** An object in the store as the clean-up sees it. */
export interface StoredObjectEntry {
  key: string;
  size: number;
  lastModified: Date;
}

/** An open multipart upload as the clean-up sees it. */
export interface OpenUploadEntry {
  uploadId: string;
  key: string;
  initiated: Date;
}

/** Every object of `bucket`, read from the metadata files (one small file per object). */
export async function* storedObjects(layout: StoreLayout, bucket: string): AsyncGenerator<StoredObjectEntry> {
  const bucketDir = path.join(layout.root, bucket);
  for (const first of await fs.readdir(bucketDir).catch(() => [] as string[])) {
    for (const second of await fs.readdir(path.join(bucketDir, first)).catch(() => [] as string[])) {
      const dir = path.join(bucketDir, first, second);
      for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
        if (!name.endsWith('.json')) continue;
        const meta = await readJson<ObjectMeta>(path.join(dir, name)).catch(() => undefined);
        if (meta?.key) yield { key: meta.key, size: meta.size, lastModified: new Date(meta.lastModified) };
      }
    }
  }
}

/** Every open multipart upload of `bucket`. */
export async function openUploads(layout: StoreLayout, bucket: string): Promise<OpenUploadEntry[]> {
  const found: OpenUploadEntry[] = [];
  for (const uploadId of await fs.readdir(layout.multipartDir).catch(() => [] as string[])) {
    const dir = layout.uploadDir(uploadId);
    if (!dir) continue;
    const record = await readJson<UploadRecord>(path.join(dir, 'upload.json')).catch(() => undefined);
    if (record?.bucket === bucket)
      found.push({ uploadId, key: record.key, initiated: new Date(record.initiated) });
  }
  return found;
}

/** Aborts an upload from outside the store's request path: one rename out of sight, then removal. */
export async function removeUpload(layout: StoreLayout, uploadId: string): Promise<void> {
  const dir = layout.uploadDir(uploadId);
  if (!dir) return;
  const trash = layout.temporaryPath(`discarded-${uploadId}`);
  try {
    await fs.rename(dir, trash);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  await fs.rm(trash, { recursive: true, force: true });
}
