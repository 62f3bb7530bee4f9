import type { Language } from '@dc/contract';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';

/**
 * A designer's short video. The row is created by create-upload (status `uploading`) before the
 * bytes reach the object store; "upload finished" checks the object and queues its processing
 * (`processing`): ffprobe reads it, ffmpeg writes the playable rendition and cuts a cover, and
 * it is published, or `failed` with the reason.
 * `status`: uploading | processing | published | offline | failed.
 */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    categoryId: integer('category_id'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    objectKey: varchar('object_key', { length: 255 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    durationSeconds: integer('duration_seconds'),
    /** An external cover URL, or empty when the cover is a stored image (`coverObjectKey`). */
    coverUrl: varchar('cover_url', { length: 1000 }).notNull().default(''),
    coverObjectKey: varchar('cover_object_key', { length: 255 }),
    status: varchar('status', { length: 16 }).notNull().default('uploading'),
    /** While processing: how much of the rendition is written, 0–100. */
    processingProgress: smallint('processing_progress').notNull().default(0),
    /** Why processing refused the file (status `failed`), in both languages. */
    failureReason: jsonb('failure_reason').$type<Record<Language, string>>(),
    /** What processing found: the picture as shown and the original's codecs. */
    width: integer('width'),
    height: integer('height'),
    videoCodec: varchar('video_codec', { length: 32 }),
    audioCodec: varchar('audio_codec', { length: 32 }),
    /** The MP4 every browser plays (H.264/AAC, fast start); null: play the original. */
    playObjectKey: varchar('play_object_key', { length: 255 }),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('videos_designer_created_idx').on(t.designerId, t.createdAt),
    index('videos_designer_status_idx').on(t.designerId, t.status),
    uniqueIndex('videos_object_key_key').on(t.objectKey),
  ],
);

/** An image uploaded through create-upload kind=image (video covers, course covers). */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    objectKey: varchar('object_key', { length: 255 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('images_designer_idx').on(t.designerId),
    uniqueIndex('images_object_key_key').on(t.objectKey),
  ],
);
