import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { listPageSchema, pageQuerySchema } from './envelope.ts';
import { idParamsSchema, imageUrlField, text, wireDateTime } from './fields.ts';
import { worded } from './wordings.ts';

/**
 * Short videos (issue 5 items 1, 4, 5; DESIGN "Uploads"):
 * `POST /designerapi/v1/vod/create-upload`, `POST …/vod/refresh-upload` (the cloud VOD's
 * CreateUploadVideo / CreateUploadImage / RefreshUploadVideo), `POST …/videos/:id/upload-finished`,
 * `POST …/images/:id/upload-finished`, `GET …/videos`, `GET/PUT/DELETE …/videos/:id`,
 * `POST …/videos/:id/offline`, `POST …/videos/:id/publish`.
 */

/** The default largest video (4 GiB); the server's `VIDEO_MAX_BYTES` may lower or raise it. */
export const VIDEO_MAX_BYTES_DEFAULT = 4 * 1024 * 1024 * 1024;
/** The largest cover image. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_TITLE_MAX = 100;
export const VIDEO_DESCRIPTION_MAX = 2000;
export const VIDEO_TAG_MAX = 20;
export const VIDEO_TAGS_MAX = 10;

/** File extensions of video files (lower case) and the MIME type each is uploaded with. */
export const VIDEO_EXTENSIONS: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  ts: 'video/mp2t',
  '3gp': 'video/3gpp',
  ogv: 'video/ogg',
};
export const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The lower-case extension of a file name ('' when none). */
export const fileExtension = (fileName: string): string => {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

/** Why a file cannot be uploaded as a video, or undefined when it can (browser and server agree). */
export function videoFileProblem(
  file: { name: string; size: number; type?: string },
  maxBytes = VIDEO_MAX_BYTES_DEFAULT,
): 'notVideo' | 'empty' | 'tooLarge' | undefined {
  const typeSaysVideo = file.type ? file.type.startsWith('video/') : true;
  if (!(fileExtension(file.name) in VIDEO_EXTENSIONS) || !typeSaysVideo) return 'notVideo';
  if (file.size <= 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  return undefined;
}

/** Categories of short videos; the web names them in both languages. */
export const videoCategoryKeys = [
  'tailoring',
  'styling',
  'fabric',
  'pattern',
  'sewing',
  'showcase',
  'behindScenes',
  'trend',
] as const;
export type VideoCategoryKey = (typeof videoCategoryKeys)[number];
/** `cateId` is 1 + the key's index. */
export const videoCategoryId = (key: VideoCategoryKey): number => videoCategoryKeys.indexOf(key) + 1;
export const videoCategoryKey = (id: number | null | undefined): VideoCategoryKey | undefined =>
  id ? videoCategoryKeys[id - 1] : undefined;

/**
 * uploading → processing (probed, transcoded, a cover cut: 转码中) → published ⇄ offline; or
 * processing → failed (not a video, damaged, too long), with the reason.
 */
export const videoStatuses = ['uploading', 'processing', 'published', 'offline', 'failed'] as const;
export type VideoStatus = (typeof videoStatuses)[number];

const fileNameField = text(255, 1, 'line');
const cateIdField = z
  .number()
  .int()
  .min(1)
  .max(
    videoCategoryKeys.length,
    worded(`须为 1 到 ${videoCategoryKeys.length} 之一`, `one of 1 to ${videoCategoryKeys.length}`),
  );
const tagsField = z
  .array(text(VIDEO_TAG_MAX, 1, 'line'))
  .max(VIDEO_TAGS_MAX, worded(`最多 ${VIDEO_TAGS_MAX} 个标签`, `at most ${VIDEO_TAGS_MAX} tags`))
  .refine((tags) => new Set(tags).size === tags.length, 'tags must differ');
/** A cover by address: an outside http(s) URL or an uploaded image (kept by its lasting address). */
const coverUrlField = z.union([z.literal(''), imageUrlField]);

/** `POST /vod/create-upload` with `kind: 'video'` (CreateUploadVideo). */
export const createVideoUploadSchema = z.strictObject({
  kind: z.literal('video'),
  title: text(VIDEO_TITLE_MAX, 1, 'line'),
  fileName: fileNameField,
  /** Bytes; at most the server's `VIDEO_MAX_BYTES`. */
  fileSize: z.number().int().min(1, worded('文件为空', 'the file is empty')),
  /** The browser's `File.type`; when given it must be a video type. */
  mimeType: z.string().trim().max(100).optional(),
  description: text(VIDEO_DESCRIPTION_MAX, 0, 'lines').default(''),
  cateId: cateIdField.nullable().optional(),
  tags: tagsField.default([]),
  coverURL: coverUrlField.default(''),
});
export type CreateVideoUpload = z.input<typeof createVideoUploadSchema>;

/** `POST /vod/create-upload` with `kind: 'image'` (CreateUploadImage): a cover. */
export const createImageUploadSchema = z.strictObject({
  kind: z.literal('image'),
  fileName: fileNameField,
  fileSize: z
    .number()
    .int()
    .min(1, worded('文件为空', 'the file is empty'))
    .max(IMAGE_MAX_BYTES, worded('最大 10 MB', 'at most 10 MB')),
  mimeType: z.string().trim().max(100).optional(),
});
export type CreateImageUpload = z.input<typeof createImageUploadSchema>;

export const createUploadBodySchema = z.discriminatedUnion('kind', [
  createVideoUploadSchema,
  createImageUploadSchema,
]);
export type CreateUploadBody = z.input<typeof createUploadBodySchema>;

/**
 * The answer of create-upload and refresh-upload, in the VOD service's names: `uploadAddress` is
 * base64 JSON `{Endpoint, Bucket, FileName, PathStyle}`, `uploadAuth` base64 JSON
 * `{AccessKeyId, AccessKeySecret, SecurityToken, Expiration, Region}`.
 */
export const uploadGrantSchema = z.object({
  videoId: z.string().optional(),
  imageId: z.string().optional(),
  uploadAddress: z.string(),
  uploadAuth: z.string(),
  requestId: z.string(),
});
export type UploadGrantAnswer = z.infer<typeof uploadGrantSchema>;

const wireIdText = z.string().regex(/^[1-9]\d{0,9}$/, worded('须为编号', 'an id'));

/** `POST /vod/refresh-upload` (RefreshUploadVideo): new credentials for the same object. */
export const refreshUploadBodySchema = z.union([
  z.strictObject({ videoId: wireIdText }),
  z.strictObject({ imageId: wireIdText }),
]);
export type RefreshUploadBody = z.input<typeof refreshUploadBodySchema>;

/** `POST /videos/:id/upload-finished`: the browser's report, once the object is complete. */
export const videoUploadFinishedSchema = z.strictObject({
  /** Read by the browser from the file's metadata; omitted when it could not tell. */
  durationSeconds: z.number().int().min(0).max(86_400).optional(),
});
export type VideoUploadFinished = z.input<typeof videoUploadFinishedSchema>;

export const videoSortFields = [
  'createdAt',
  'views',
  'likes',
  'comments',
  'fileSize',
  'durationSeconds',
] as const;

/** `GET /videos`: my videos, newest first by default. */
export const videoListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  status: z.enum(videoStatuses).optional(),
  // PostgreSQL refuses NUL in text: refused on the field, not a 500 from the query (issue 11 fuzzing).
  keyword: z
    .string()
    .trim()
    .max(50)
    .refine(
      (value) => !value.includes('\u0000'),
      worded('不能包含 NUL 字符', 'must not contain NUL characters'),
    )
    .optional(),
  sortBy: z.enum(videoSortFields).default('createdAt'),
});
export type VideoListQuery = z.input<typeof videoListQuerySchema>;

export const videoRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cateId: z.number().int().nullable(),
  tags: z.array(z.string()),
  fileName: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  durationSeconds: z.number().int().nullable(),
  /** A link to show the cover (signed, short-lived, when the cover is a stored image); '' = none. */
  coverUrl: z.string(),
  status: z.enum(videoStatuses),
  /** While processing: how much of the playable rendition is written, 0–100. */
  processingProgress: z.number().int().min(0).max(100),
  /** Why processing refused the file (status failed), in the request's language; else null. */
  failureReason: z.string().nullable(),
  /** The picture's size as shown, once processed; null before. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  createdAt: wireDateTime,
  publishedAt: wireDateTime.nullable(),
});
export type VideoRow = z.infer<typeof videoRowSchema>;

/** `GET /videos/:id`: the row, and a signed link that plays it (null until it is uploaded). */
export const videoDetailSchema = videoRowSchema.extend({
  playUrl: z.string().nullable(),
  /** When `playUrl` stops working. */
  playUrlExpiresAt: wireDateTime.nullable(),
  updatedAt: wireDateTime,
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;

/** `PUT /videos/:id`: the owner edits the fields; `coverImageId` is an image of kind=image. */
export const videoUpdateSchema = z.strictObject({
  title: text(VIDEO_TITLE_MAX, 1, 'line'),
  description: text(VIDEO_DESCRIPTION_MAX, 0, 'lines').default(''),
  cateId: cateIdField.nullable().default(null),
  tags: tagsField.default([]),
  coverImageId: z.number().int().min(1).nullable().optional(),
  coverURL: coverUrlField.optional(),
});
export type VideoUpdate = z.input<typeof videoUpdateSchema>;

/**
 * `POST /images/:id/upload-finished`: the stored image, a signed link to show it now (it expires)
 * and its lasting address `/designerapi/v1/image-files/<key>`, the one to keep in a row.
 */
export const imageSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  url: z.string(),
  address: z.string(),
});
export type UploadedImage = z.infer<typeof imageSchema>;

/** `POST /videos/:id/cover-frame`: the cover becomes the frame at `atSeconds` of the video. */
export const videoCoverFrameSchema = z.strictObject({
  atSeconds: z.number().min(0).max(86_400),
});
export type VideoCoverFrame = z.input<typeof videoCoverFrameSchema>;

/** What deleting a video answers. */
export const videoDeleteAnswerSchema = z.object({ id: z.number().int() });

/** The calls of the videos and of the VOD uploads, which serve images too (contract/src/endpoint.ts). */
export const videosSchemas = {
  createUpload: { body: createUploadBodySchema, data: uploadGrantSchema },
  refreshUpload: { body: refreshUploadBodySchema, data: uploadGrantSchema },
  finishVideoUpload: { params: idParamsSchema, body: videoUploadFinishedSchema, data: videoDetailSchema },
  finishImageUpload: { params: idParamsSchema, data: imageSchema },
  list: { query: videoListQuerySchema, data: listPageSchema(videoRowSchema) },
  detail: { params: idParamsSchema, data: videoDetailSchema },
  update: { params: idParamsSchema, body: videoUpdateSchema, data: videoDetailSchema },
  coverFrame: { params: idParamsSchema, body: videoCoverFrameSchema, data: videoDetailSchema },
  offline: { params: idParamsSchema, data: videoDetailSchema },
  publish: { params: idParamsSchema, data: videoDetailSchema },
  remove: { params: idParamsSchema, data: videoDeleteAnswerSchema },
} satisfies EndpointSchemaMap;
