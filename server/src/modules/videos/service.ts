import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type createVideoUploadSchema,
  ErrorCode,
  fileExtension,
  type Language,
  type ListPage,
  type UploadGrantAnswer,
  VIDEO_EXTENSIONS,
  type VideoDetail,
  type VideoRow,
  type VideoStatus,
  videoFileProblem,
  type videoListQuerySchema,
  type videoUpdateSchema,
} from '@dc/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { images, videos } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { message } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import type { JobQueue } from '../../jobs/index.ts';
import { objectReadLink } from '../../media/read-links.ts';
import { cutFrame } from '../../media/video/index.ts';
import { newObjectKey, objectStoreFor, type RequestOrigin } from '../../storage/index.ts';
import { inspectStoredUpload, refuseStoredUpload } from '../../uploads/inspect.ts';
import { recordDeletion } from '../audit/index.ts';
import { imageFileUrl, keptImageUrl, ownImage, refreshImageUpload } from '../image-files/index.ts';
import { withinStorageQuota } from '../storage-quota/index.ts';
import { videosMessages } from './messages.ts';
import { sendProcessing } from './processing.ts';

type VideoRecord = typeof videos.$inferSelect;
type NewVideo = z.output<typeof createVideoUploadSchema>;
type ListQuery = z.output<typeof videoListQuerySchema>;
type Update = z.output<typeof videoUpdateSchema>;

/** What every call needs: the database, the settings, the clock and where the request came in. */
export interface VideoCtx {
  db: Database;
  config: Config;
  designerId: number;
  now: Date;
  origin: RequestOrigin;
  /** The request's language: a failure's reason is answered in it. */
  lang: Language;
  /** Where upload-finished queues the processing. */
  jobs: JobQueue;
}

const GIB = 1024 ** 3;
const sizeText = (bytes: number) =>
  bytes >= GIB ? `${+(bytes / GIB).toFixed(2)} GB` : `${+(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * The cover's address: a stored image's lasting address (which lists ask for at a rendition's
 * width, issue 20), else the external URL ('' = none).
 */
const coverAddress = (row: VideoRecord): string =>
  row.coverObjectKey ? imageFileUrl(row.coverObjectKey) : row.coverUrl;

function toRow(ctx: VideoCtx, row: VideoRecord): VideoRow {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cateId: row.categoryId,
    tags: row.tags,
    fileName: row.fileName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    durationSeconds: row.durationSeconds,
    coverUrl: coverAddress(row),
    status: row.status as VideoStatus,
    processingProgress: row.processingProgress,
    failureReason: row.failureReason?.[ctx.lang] ?? null,
    width: row.width,
    height: row.height,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    createdAt: toWireDateTime(row.createdAt),
    publishedAt: row.publishedAt ? toWireDateTime(row.publishedAt) : null,
  };
}

async function ownVideo(ctx: VideoCtx, id: number): Promise<VideoRecord> {
  const [row] = await ctx.db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.designerId, ctx.designerId)));
  if (!row) throw notFound();
  return row;
}

/** `POST /vod/create-upload` kind video: the row (uploading) and credentials for its object. */
export async function createVideoUpload(
  ctx: VideoCtx,
  body: NewVideo,
  lang: Language = 'zh-CN',
): Promise<UploadGrantAnswer> {
  const problem = videoFileProblem(
    { name: body.fileName, size: body.fileSize, type: body.mimeType },
    ctx.config.videoMaxBytes,
  );
  if (problem === 'notVideo') {
    const known = Object.keys(VIDEO_EXTENSIONS).join(', ');
    throw invalidField(
      body.mimeType && !body.mimeType.startsWith('video/') ? 'mimeType' : 'fileName',
      message(videosMessages.notVideoFile, { known }),
    );
  }
  if (problem === 'tooLarge')
    throw invalidField(
      'fileSize',
      message(videosMessages.fileTooLarge, { size: sizeText(ctx.config.videoMaxBytes) }),
    );
  const coverUrl = await keptImageUrl(ctx, body.coverURL, 'coverURL', 'uploadsOrOutside');
  const extension = fileExtension(body.fileName);
  const key = newObjectKey(ctx.designerId, 'videos', extension);
  const grant = await objectStoreFor(ctx.config).uploadGrant(ctx.designerId, key, body.fileSize, ctx.origin);
  const [row] = await withinStorageQuota(ctx, body.fileSize, lang, (tx) =>
    tx
      .insert(videos)
      .values({
        designerId: ctx.designerId,
        title: body.title,
        description: body.description,
        categoryId: body.cateId ?? null,
        tags: body.tags,
        objectKey: key,
        fileName: body.fileName,
        fileSize: body.fileSize,
        mimeType: VIDEO_EXTENSIONS[extension] ?? 'application/octet-stream',
        coverUrl,
        status: 'uploading',
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: videos.id }),
  );
  return { videoId: String(row!.id), ...grant };
}

/** `POST /vod/refresh-upload`: new credentials for the same object (only while it uploads). */
export async function refreshUpload(
  ctx: VideoCtx,
  target: { videoId: string } | { imageId: string },
): Promise<UploadGrantAnswer> {
  const store = objectStoreFor(ctx.config);
  if ('videoId' in target) {
    const video = await ownVideo(ctx, Number(target.videoId));
    if (video.status !== 'uploading')
      throw new ApiError(ErrorCode.conflict, videosMessages.videoUploadedAlready, {
        errors: [{ path: 'videoId', message: videosMessages.alreadyUploaded }],
      });
    // A new grant is activity: the clean-up counts an abandoned upload from the latest one.
    await ctx.db.update(videos).set({ updatedAt: ctx.now }).where(eq(videos.id, video.id));
    return {
      videoId: target.videoId,
      ...(await store.uploadGrant(ctx.designerId, video.objectKey, video.fileSize, ctx.origin)),
    };
  }
  return refreshImageUpload(ctx, target.imageId);
}

/**
 * `POST /videos/:id/upload-finished`: the stored object must be a video container of the
 * declared size (uploads/inspect.ts); then the video is `processing` and its processing is queued
 * (processing.ts: ffprobe, the playable rendition, a cover). A refused file is deleted and the row
 * stays uploading, so the same video can be uploaded again (40000 on `file` or `fileSize`). Called
 * again while processing, it queues the processing again (once: the queue keeps one per video),
 * so a lost job is never the end of a video. The browser's duration stands until the probe's.
 */
export async function finishVideoUpload(
  ctx: VideoCtx,
  id: number,
  report: { durationSeconds?: number | undefined },
  lang: Language = 'zh-CN',
): Promise<VideoDetail> {
  const video = await ownVideo(ctx, id);
  if (video.status === 'uploading') {
    const inspected = await inspectStoredUpload(ctx.config, video.objectKey, {
      kind: 'video',
      declaredSize: video.fileSize,
    });
    if (inspected.state === 'missing')
      throw new ApiError(ErrorCode.conflict, videosMessages.videoFileNotStored);
    if (inspected.state === 'refused')
      throw await refuseStoredUpload(ctx.config, video.objectKey, inspected, lang);
    await ctx.db
      .update(videos)
      .set({
        status: 'processing',
        processingProgress: 0,
        durationSeconds: report.durationSeconds ?? null,
        updatedAt: ctx.now,
      })
      .where(and(eq(videos.id, id), eq(videos.status, 'uploading')));
  }
  // An uploading video is processing from the update above (a refusal has thrown); no re-read.
  if (video.status === 'uploading' || video.status === 'processing') await sendProcessing(ctx.jobs, id);
  return videoDetail(ctx, id);
}

/**
 * `POST /videos/:id/cover-frame`: the cover becomes the frame at `atSeconds` of the playable
 * video (one of the designer's images from then on). Only a processed video has frames to take
 * (40900 before); a time past its end is 40000 on `atSeconds`.
 */
export async function chooseCoverFrame(ctx: VideoCtx, id: number, atSeconds: number): Promise<VideoDetail> {
  const video = await ownVideo(ctx, id);
  if (video.status !== 'published' && video.status !== 'offline')
    throw new ApiError(ErrorCode.conflict, message(videosMessages.noFramesYet, { status: video.status }));
  if (video.durationSeconds !== null && atSeconds > video.durationSeconds)
    throw invalidField(
      'atSeconds',
      message(videosMessages.frameAfterEnd, { seconds: video.durationSeconds }),
    );
  const store = objectStoreFor(ctx.config);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'dc-frame-'));
  const coverKey = newObjectKey(ctx.designerId, 'images', 'jpg');
  try {
    const frame = path.join(workDir, 'frame.jpg');
    const cut = await store.withLocalFile(video.playObjectKey ?? video.objectKey, (file) =>
      cutFrame(ctx.config.ffmpegPath, file, frame, atSeconds).then(() => true),
    );
    if (!cut) throw new ApiError(ErrorCode.conflict, videosMessages.videoFileNotStored);
    const { size } = await stat(frame);
    // ffmpeg writes nothing when the time is past the last frame (a duration rounded up).
    if (size === 0)
      throw invalidField(
        'atSeconds',
        message(videosMessages.frameAfterEnd, { seconds: video.durationSeconds ?? 0 }),
      );
    await store.putFile(coverKey, frame, 'image/jpeg');
    await ctx.db.transaction(async (tx) => {
      await tx.insert(images).values({
        designerId: ctx.designerId,
        objectKey: coverKey,
        fileName: `${video.title.slice(0, 80)}-${atSeconds.toFixed(1)}s.jpg`,
        fileSize: size,
        mimeType: 'image/jpeg',
        createdAt: ctx.now,
      });
      await tx
        .update(videos)
        .set({ coverObjectKey: coverKey, coverUrl: '', updatedAt: ctx.now })
        .where(and(eq(videos.id, id), eq(videos.designerId, ctx.designerId)));
    });
  } catch (error) {
    await store.delete(coverKey).catch(() => {});
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return videoDetail(ctx, id);
}

const SORT_COLUMNS = {
  createdAt: videos.createdAt,
  views: videos.views,
  likes: videos.likes,
  comments: videos.comments,
  fileSize: videos.fileSize,
  durationSeconds: videos.durationSeconds,
} as const;

/** `GET /videos`: the designer's videos, filtered by status and title/tag keyword, sorted, paged. */
export async function listVideos(ctx: VideoCtx, query: ListQuery): Promise<ListPage<VideoRow>> {
  const conditions: (SQL | undefined)[] = [eq(videos.designerId, ctx.designerId)];
  if (query.status) conditions.push(eq(videos.status, query.status));
  if (query.keyword) {
    const pattern = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(videos.title, pattern), ilike(videos.description, pattern)));
  }
  const where = and(...conditions);
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(videos)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sortBy]), direction(videos.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ value: count() }).from(videos).where(where),
  ]);
  const totalNumber = total?.value ?? 0;
  return {
    dataList: rows.map((row) => toRow(ctx, row)),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
  };
}

/** `GET /videos/:id`: with a signed link to the playable rendition once it is processed. */
export async function videoDetail(ctx: VideoCtx, id: number): Promise<VideoDetail> {
  const video = await ownVideo(ctx, id);
  const row = toRow(ctx, video);
  const playable = video.status === 'published' || video.status === 'offline';
  const link = playable
    ? await objectReadLink(ctx.config, video.playObjectKey ?? video.objectKey, ctx.origin, ctx.now)
    : undefined;
  return {
    ...row,
    playUrl: link?.url ?? null,
    playUrlExpiresAt: link ? toWireDateTime(link.expiresAt) : null,
    updatedAt: toWireDateTime(video.updatedAt),
  };
}

/** `PUT /videos/:id`: the owner's fields; a cover image must be one of the designer's images. */
export async function updateVideo(ctx: VideoCtx, id: number, body: Update): Promise<VideoDetail> {
  await ownVideo(ctx, id);
  const cover: Partial<Pick<VideoRecord, 'coverObjectKey' | 'coverUrl'>> = {};
  if (body.coverImageId) {
    cover.coverObjectKey = (await ownImage(ctx, body.coverImageId, 'coverImageId')).objectKey;
    cover.coverUrl = '';
  } else if (body.coverImageId === null) {
    cover.coverObjectKey = null;
  }
  if (body.coverURL !== undefined && !body.coverImageId) {
    // A cover of our store (the link the upload answered) is kept by its lasting address.
    cover.coverUrl = await keptImageUrl(ctx, body.coverURL, 'coverURL', 'uploadsOrOutside');
    if (body.coverURL) cover.coverObjectKey = null;
  }
  await ctx.db
    .update(videos)
    .set({
      title: body.title,
      description: body.description,
      categoryId: body.cateId,
      tags: body.tags,
      ...cover,
      updatedAt: ctx.now,
    })
    .where(and(eq(videos.id, id), eq(videos.designerId, ctx.designerId)));
  return videoDetail(ctx, id);
}

/** `POST /videos/:id/offline` and `…/publish`: only between published and offline. */
export async function setVideoVisibility(
  ctx: VideoCtx,
  id: number,
  to: 'published' | 'offline',
): Promise<VideoDetail> {
  const video = await ownVideo(ctx, id);
  const from = to === 'offline' ? 'published' : 'offline';
  if (video.status !== from && video.status !== to) {
    throw new ApiError(
      ErrorCode.conflict,
      message(to === 'offline' ? videosMessages.cannotTakeOffline : videosMessages.cannotPublish, {
        status: video.status,
      }),
    );
  }
  if (video.status === from) {
    await ctx.db
      .update(videos)
      .set({
        status: to,
        updatedAt: ctx.now,
        ...(to === 'published' && !video.publishedAt ? { publishedAt: ctx.now } : {}),
      })
      .where(and(eq(videos.id, id), eq(videos.designerId, ctx.designerId), eq(videos.status, from)));
  }
  return videoDetail(ctx, id);
}

/**
 * `DELETE /videos/:id`: the row, then its stored file and playable rendition (a cover image
 * stays: it is an image of its own).
 */
export async function deleteVideo(ctx: VideoCtx, id: number): Promise<{ id: number }> {
  const video = await ownVideo(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(videos).where(and(eq(videos.id, id), eq(videos.designerId, ctx.designerId)));
    await recordDeletion(tx, ctx.designerId, { type: 'video', id, label: video.title }, ctx.now);
  });
  const store = objectStoreFor(ctx.config);
  await store.delete(video.objectKey);
  if (video.playObjectKey) await store.delete(video.playObjectKey);
  return { id };
}
