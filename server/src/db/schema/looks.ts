import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';
import { products, productVariants } from './boutique.ts';

/** The camera of a look as stored (validated on the wire by the contract's `cameraPresetSchema`). */
export interface StoredCameraPreset {
  azimuth: number;
  polar: number;
  distance: number;
  target: [number, number, number];
}

/**
 * A backdrop of 3D looks. `designer_id` null = shipped with the app (visible to all, editable by
 * none). `kind`: solid | gradient (`colors`: 1 or 2 hex colours) | image | hdr (an
 * equirectangular picture in the store, `object_key`; hdr also lights the model).
 * `thumbnail_object_key`: an optional smaller picture for lists (else the image itself).
 */
export const lookBackgrounds = pgTable(
  'look_backgrounds',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id').references(() => designers.id, { onDelete: 'cascade' }),
    /** Names a shipped background (null for a designer's): the start-up upsert's key. */
    shippedKey: varchar('shipped_key', { length: 32 }),
    name: varchar('name', { length: 30 }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    colors: jsonb('colors').$type<string[]>().notNull().default([]),
    objectKey: varchar('object_key', { length: 255 }),
    thumbnailObjectKey: varchar('thumbnail_object_key', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('look_backgrounds_designer_idx').on(t.designerId),
    uniqueIndex('look_backgrounds_shipped_key').on(t.shippedKey),
  ],
);

/**
 * A 3D model (.glb). `designer_id` null = shipped: `asset_file` names the committed file under
 * seed/looks-assets; else `object_key` is the uploaded object. `status`: uploading (row made,
 * bytes not checked yet) | ready | disabled (kept, not offered for new looks).
 */
export const lookModels = pgTable(
  'look_models',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id').references(() => designers.id, { onDelete: 'cascade' }),
    /** Names a shipped model (null for a designer's): the start-up upsert's key. */
    shippedKey: varchar('shipped_key', { length: 32 }),
    name: varchar('name', { length: 30 }).notNull(),
    objectKey: varchar('object_key', { length: 255 }),
    assetFile: varchar('asset_file', { length: 64 }),
    fileName: varchar('file_name', { length: 255 }).notNull().default(''),
    posterObjectKey: varchar('poster_object_key', { length: 255 }),
    posterAssetFile: varchar('poster_asset_file', { length: 64 }),
    bodyType: varchar('body_type', { length: 12 }).notNull(),
    sizeLabel: varchar('size_label', { length: 8 }).notNull().default(''),
    status: varchar('status', { length: 12 }).notNull(),
    triangleCount: integer('triangle_count').notNull().default(0),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('look_models_designer_idx').on(t.designerId),
    uniqueIndex('look_models_shipped_key').on(t.shippedKey),
    check(
      'look_models_file_check',
      sql`(${t.designerId} is null and ${t.assetFile} is not null) or (${t.designerId} is not null and ${t.objectKey} is not null)`,
    ),
  ],
);

/** A look: garments of the boutique on a model in front of a background, shared as /3D-h5?id=. */
export const looks = pgTable(
  'looks',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    modelId: integer('model_id').references(() => lookModels.id),
    backgroundId: integer('background_id').references(() => lookBackgrounds.id),
    title: varchar('title', { length: 40 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    online: boolean('online').notNull().default(false),
    camera: jsonb('camera').$type<StoredCameraPreset>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('looks_designer_sort_idx').on(t.designerId, t.sortOrder, t.id),
    index('looks_model_idx').on(t.modelId),
    index('looks_background_idx').on(t.backgroundId),
  ],
);

/** A boutique product worn in a look, in one colour (a variant of that colour); `position` orders them. */
export const lookProducts = pgTable(
  'look_products',
  {
    lookId: integer('look_id')
      .notNull()
      .references(() => looks.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.lookId, t.productId] }),
    index('look_products_product_idx').on(t.productId),
  ],
);

/** What the public page counted per look and business day. */
export const lookDailyStats = pgTable(
  'look_daily_stats',
  {
    lookId: integer('look_id')
      .notNull()
      .references(() => looks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    rotations: integer('rotations').notNull().default(0),
    productTaps: integer('product_taps').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.lookId, t.day] }),
    check(
      'look_daily_stats_counts_check',
      sql`${t.views} >= 0 and ${t.rotations} >= 0 and ${t.productTaps} >= 0`,
    ),
  ],
);
