import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { images, lookModels, videos } from '../../db/schema/index.ts';
import { originalOfRendition } from '../../media/renditions.ts';
import { objectStoreFor } from '../../storage/index.ts';
import { HOUR_MS } from '../../time/business-day.ts';
import { registeredKeys } from './registry.ts';

/** An upload whose row is still `uploading` this long after its last grant is abandoned. */
export const ABANDONED_UPLOAD_MS = 24 * HOUR_MS;
/**
 * An object or multipart upload no row names is left this long before it goes: a row and its
 * object are never far apart in time (the row is committed before its grant is answered), so
 * this only spares what a concurrent request is writing right now.
 */
export const UNREGISTERED_GRACE_MS = HOUR_MS;
/** Image rows are looked at for a missing object for a week after they turn 24 h old. */
const IMAGE_CHECK_WINDOW_MS = 7 * 24 * HOUR_MS;
export const STORAGE_CLEANUP_INTERVAL_MS = HOUR_MS;

export interface StorageCleanupReport {
  abandonedVideos: number;
  abandonedModels: number;
  abandonedImages: number;
  unregisteredObjects: number;
  unregisteredUploads: number;
}

/**
 * One clean-up pass (the config's clock decides what is old):
 * - videos and 3D models still `uploading` 24 h after their last grant: object and row go
 *   (a video or model that never arrived is no video; its quota is freed);
 * - images registered over 24 h ago whose object never arrived: the row goes;
 * - objects under `designers/` and multipart uploads that no row registers, older than an hour:
 *   removed (what a grant wrote elsewhere before grants were scoped, a deleted row's object, and
 *   the renditions of a picture no row registers any more).
 */
export async function runStorageCleanup(db: Database, config: Config): Promise<StorageCleanupReport> {
  const now = config.now().getTime();
  const store = objectStoreFor(config);
  const abandonedBefore = new Date(now - ABANDONED_UPLOAD_MS);
  const report: StorageCleanupReport = {
    abandonedVideos: 0,
    abandonedModels: 0,
    abandonedImages: 0,
    unregisteredObjects: 0,
    unregisteredUploads: 0,
  };

  const staleVideos = await db
    .select({ id: videos.id, key: videos.objectKey })
    .from(videos)
    .where(and(eq(videos.status, 'uploading'), lt(videos.updatedAt, abandonedBefore)));
  for (const video of staleVideos) {
    await store.delete(video.key);
    const gone = await db
      .delete(videos)
      .where(
        and(eq(videos.id, video.id), eq(videos.status, 'uploading'), lt(videos.updatedAt, abandonedBefore)),
      )
      .returning({ id: videos.id });
    report.abandonedVideos += gone.length;
  }

  const staleModels = await db
    .select({ id: lookModels.id, key: lookModels.objectKey })
    .from(lookModels)
    .where(
      and(
        isNotNull(lookModels.designerId),
        eq(lookModels.status, 'uploading'),
        lt(lookModels.updatedAt, abandonedBefore),
      ),
    );
  for (const model of staleModels) {
    if (model.key) await store.delete(model.key);
    const gone = await db
      .delete(lookModels)
      .where(
        and(
          eq(lookModels.id, model.id),
          eq(lookModels.status, 'uploading'),
          lt(lookModels.updatedAt, abandonedBefore),
        ),
      )
      .returning({ id: lookModels.id });
    report.abandonedModels += gone.length;
  }

  const recentImages = await db
    .select({ id: images.id, key: images.objectKey })
    .from(images)
    .where(
      and(
        lt(images.createdAt, abandonedBefore),
        gte(images.createdAt, new Date(now - IMAGE_CHECK_WINDOW_MS)),
      ),
    );
  for (const image of recentImages) {
    // Demo pictures are drawn into the store when first shown; their rows stand.
    if (/\/images\/demo-[^/]*$/.test(image.key) || (await store.head(image.key))) continue;
    await db.delete(images).where(eq(images.id, image.id));
    report.abandonedImages += 1;
  }

  const graceCutoff = now - UNREGISTERED_GRACE_MS;
  // Only designers' uploads: platform pictures and anything else the server writes are not swept.
  const isDesignerKey = (key: string) => /^designers\/\d+\/./.test(key);
  let candidates: string[] = [];
  // A rendition (media/renditions.ts) is registered with its original: it goes when the original does.
  const registeredAs = (key: string) => originalOfRendition(key) ?? key;
  const sweepObjects = async () => {
    const registered = await registeredKeys(db, [...new Set(candidates.map(registeredAs))]);
    for (const key of candidates) {
      if (registered.has(registeredAs(key))) continue;
      await store.delete(key);
      report.unregisteredObjects += 1;
    }
    candidates = [];
  };
  for await (const object of store.list('designers/')) {
    if (!isDesignerKey(object.key) || !(object.lastModified.getTime() < graceCutoff)) continue;
    candidates.push(object.key);
    if (candidates.length >= 500) await sweepObjects();
  }
  await sweepObjects();

  const uploads = (await store.openUploads()).filter(
    (upload) => isDesignerKey(upload.key) && upload.initiated.getTime() < graceCutoff,
  );
  const registeredUploadKeys = await registeredKeys(
    db,
    uploads.map((upload) => upload.key),
  );
  for (const upload of uploads) {
    if (registeredUploadKeys.has(upload.key)) continue;
    await store.abortUpload(upload);
    report.unregisteredUploads += 1;
  }
  return report;
}

/**
 * Runs the clean-up a minute after start and every hour; answers the function that stops it (an
 * `onClose` hook). A pass never overlaps the previous one; the timer keeps no process alive.
 */
export function startStorageCleanup(
  db: Database,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    runStorageCleanup(db, config)
      .then((report) => {
        if (Object.values(report).some((count) => count > 0)) log.info({ report }, 'storage clean-up');
      })
      .catch((error: unknown) => log.error({ err: error }, 'storage clean-up failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, STORAGE_CLEANUP_INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
