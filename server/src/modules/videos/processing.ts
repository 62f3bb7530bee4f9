import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Language } from '@dc/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { images, videos } from '../../db/schema/index.ts';
import type { JobDefinition, JobLog, JobQueue } from '../../jobs/index.ts';
import {
  cutFrame,
  defaultCoverSeconds,
  probeVideo,
  type VideoFacts,
  VideoRefused,
  writePlayable,
} from '../../media/video/index.ts';
import { newObjectKey, objectStoreFor } from '../../storage/index.ts';
import { createNotification } from '../notifications/index.ts';

export const VIDEO_PROCESSING_QUEUE = 'videos.process';

/** Tries after the first when ffmpeg or the store fails (not when the file is refused). */
const RETRY_LIMIT = 2;

/** ffmpeg may take this many times the video's duration before it is stopped (at least 10 minutes). */
const TIMEOUT_PER_SECOND_MS = 20_000;

export interface ProcessingDeps {
  db: Database;
  config: Config;
  log: JobLog;
}

/** The job that turns an uploaded video into a published one (issue 20 item 2). */
export function videoProcessingJob(deps: ProcessingDeps): JobDefinition<{ videoId: number }> {
  return {
    name: VIDEO_PROCESSING_QUEUE,
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 30,
    // A four-hour ceiling: the per-run ffmpeg timeout stops a stuck transcode long before.
    expireInSeconds: 4 * 60 * 60,
    policy: 'stately',
    run: ({ videoId }, job) => processVideo(deps, videoId, job.retryCount >= RETRY_LIMIT),
  };
}

/** A video processing for longer than this without a job in the queue is queued again. */
const STUCK_AFTER_MS = 10 * 60_000;

/**
 * Every ten minutes: videos left processing with no job (the send failed after upload-finished,
 * or a restore brought the row back without the queue's tables) are queued again. A video whose
 * job is waiting or running is queued once at most (the queue is `stately`), and a run that finds
 * it published already does nothing.
 */
export function stuckVideosJob(deps: ProcessingDeps & { jobs: JobQueue }): JobDefinition<object> {
  return {
    name: 'videos.requeue-stuck',
    cron: '*/10 * * * *',
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    policy: 'stately',
    async run() {
      const before = new Date(deps.config.now().getTime() - STUCK_AFTER_MS);
      const stuck = await deps.db
        .select({ id: videos.id })
        .from(videos)
        .where(and(eq(videos.status, 'processing'), lt(videos.updatedAt, before)))
        .limit(100);
      for (const { id } of stuck) await sendProcessing(deps.jobs, id);
      return { requeued: stuck.length };
    },
  };
}

/** Queues the processing of one video (once: the queue keeps one waiting per video). */
export const sendProcessing = (jobs: JobQueue, videoId: number) =>
  jobs.send(VIDEO_PROCESSING_QUEUE, { videoId }, { singletonKey: `video:${videoId}` });

/** What one run ended with, kept as the job's output. */
type Outcome =
  | { published: number; transcoded: boolean; seconds: number }
  | { failed: string }
  | { skipped: string };

/**
 * Probes the stored video, writes its playable MP4, cuts a cover when it has none, and publishes
 * it, all or nothing: the row changes in one transaction at the end, and objects written for a
 * video deleted meanwhile are removed. A refused file marks the video failed with the reason and
 * tells the designer; a failure of the tools is thrown for the queue to try again, and marks the
 * video failed only on the last try.
 */
export async function processVideo(deps: ProcessingDeps, id: number, lastTry: boolean): Promise<Outcome> {
  const { db, config } = deps;
  const [video] = await db.select().from(videos).where(eq(videos.id, id));
  if (video?.status !== 'processing') return { skipped: video?.status ?? 'deleted' };
  const store = objectStoreFor(config);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'dc-video-'));
  const written: string[] = [];
  try {
    const made = await store.withLocalFile(video.objectKey, async (input) => {
      const facts = await probeVideo(config.ffprobePath, input, config.videoMaxSeconds);
      const playable = path.join(workDir, 'play.mp4');
      const progress = progressWriter(db, id);
      const rendition = await writePlayable(config.ffmpegPath, input, playable, facts, {
        timeoutMs: Math.max(600_000, facts.durationSeconds * TIMEOUT_PER_SECOND_MS),
        onProgress: progress.report,
      });
      await progress.settled();
      const needsCover = !video.coverObjectKey && !video.coverUrl;
      const cover = needsCover ? path.join(workDir, 'cover.jpg') : undefined;
      if (cover)
        await cutFrame(config.ffmpegPath, playable, cover, defaultCoverSeconds(facts.durationSeconds));
      return { facts, rendition, playable, cover };
    });
    if (!made)
      throw new VideoRefused({
        'zh-CN': '存储中找不到视频文件',
        'en-US': 'the video file is not in the store',
      });
    const playKey = newObjectKey(video.designerId, 'videos', 'mp4');
    await store.putFile(playKey, made.playable, 'video/mp4');
    written.push(playKey);
    const coverKey = made.cover ? newObjectKey(video.designerId, 'images', 'jpg') : undefined;
    if (coverKey && made.cover) {
      await store.putFile(coverKey, made.cover, 'image/jpeg');
      written.push(coverKey);
    }
    const published = await publish(deps, video, made.facts, made.rendition, playKey, coverKey);
    if (!published) return { skipped: 'changed while processing' };
    written.length = 0;
    return { published: id, transcoded: made.rendition.transcoded, seconds: made.facts.durationSeconds };
  } catch (error) {
    if (error instanceof VideoRefused) {
      await markFailed(deps, video, error.reason);
      return { failed: error.reason['en-US'] };
    }
    if (lastTry)
      await markFailed(deps, video, {
        'zh-CN': '视频处理失败，请稍后重新上传',
        'en-US': 'the video could not be processed; please upload it again later',
      });
    throw error;
  } finally {
    // Objects of a run that did not publish (a failure, a video deleted meanwhile) go.
    for (const key of written) await store.delete(key).catch(() => {});
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Publishes the processed video if it is still processing; answers whether it did. */
async function publish(
  { db, config }: ProcessingDeps,
  video: typeof videos.$inferSelect,
  facts: VideoFacts,
  rendition: { width: number; height: number },
  playKey: string,
  coverKey: string | undefined,
): Promise<boolean> {
  const now = config.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(videos)
      .set({
        status: 'published',
        processingProgress: 100,
        durationSeconds: Math.round(facts.durationSeconds),
        width: rendition.width,
        height: rendition.height,
        videoCodec: facts.videoCodec,
        audioCodec: facts.audioCodec,
        playObjectKey: playKey,
        ...(coverKey ? { coverObjectKey: coverKey } : {}),
        publishedAt: now,
        updatedAt: now,
      })
      .where(and(eq(videos.id, video.id), eq(videos.status, 'processing')))
      .returning({ id: videos.id });
    if (!row) return false;
    if (coverKey) {
      // The cut frame is one of the designer's images: it can be chosen again, and it is counted.
      const { size } = (await objectStoreFor(config).head(coverKey)) ?? { size: 0 };
      await tx.insert(images).values({
        designerId: video.designerId,
        objectKey: coverKey,
        fileName: `${video.title.slice(0, 80)}-cover.jpg`,
        fileSize: size,
        mimeType: 'image/jpeg',
        createdAt: now,
      });
    }
    return true;
  });
}

/** Marks the video failed with the reason and tells its designer, once. */
async function markFailed(
  { db, config }: ProcessingDeps,
  video: typeof videos.$inferSelect,
  reason: Record<Language, string>,
): Promise<void> {
  const now = config.now();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(videos)
      .set({ status: 'failed', failureReason: reason, updatedAt: now })
      .where(and(eq(videos.id, video.id), eq(videos.status, 'processing')))
      .returning({ id: videos.id });
    if (!row) return;
    await createNotification(tx, video.designerId, {
      type: 'contract',
      quality: 'high',
      content: `视频「${video.title}」处理失败：${reason['zh-CN']}。请检查文件后重新上传`,
    });
  });
}

/**
 * Writes the progress as ffmpeg reports it, at most every 5 % and one write at a time, so a
 * fast transcode does not turn into a stream of updates.
 */
function progressWriter(db: Database, id: number) {
  let saved = 0;
  let writing: Promise<unknown> = Promise.resolve();
  return {
    report(done: number) {
      const percent = Math.min(99, Math.floor(done * 100));
      if (percent < saved + 5) return;
      saved = percent;
      writing = writing
        .then(() =>
          db
            .update(videos)
            .set({ processingProgress: percent })
            .where(and(eq(videos.id, id), eq(videos.status, 'processing'))),
        )
        .catch(() => {});
    },
    settled: () => writing,
  };
}
