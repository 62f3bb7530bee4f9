import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';
import { fans } from './fans.ts';
import { videos } from './videos.ts';

/** A designer's brand: logo, cover, slogan and story (sanitised rich-text HTML). */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    logoUrl: varchar('logo_url', { length: 1024 }).notNull().default(''),
    coverUrl: varchar('cover_url', { length: 1024 }).notNull().default(''),
    slogan: varchar('slogan', { length: 60 }).notNull().default(''),
    story: text('story').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('brands_designer_name_key').on(t.designerId, t.name)],
);

/**
 * A boutique product. `images`: 1–9 URLs, the first is the cover. `status`: draft | on_sale |
 * off_shelf. `sales_count`, `min_price`, `max_price` and `total_stock` are kept by every write
 * of the product, its variants or its orders (same transaction), so the list sorts on columns.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id),
    title: varchar('title', { length: 60 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    salesCount: integer('sales_count').notNull().default(0),
    minPrice: bigint('min_price', { mode: 'number' }).notNull().default(0),
    maxPrice: bigint('max_price', { mode: 'number' }).notNull().default(0),
    totalStock: integer('total_stock').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('products_designer_created_idx').on(t.designerId, t.createdAt, t.id),
    index('products_designer_status_idx').on(t.designerId, t.status),
    index('products_designer_sales_idx').on(t.designerId, t.salesCount, t.id),
    index('products_brand_idx').on(t.brandId),
    check('products_sales_check', sql`${t.salesCount} >= 0`),
  ],
);

/**
 * One size × colour of a product, the row a 3D look links to. SKU unique per designer; prices
 * in fen; `position` keeps the matrix order.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    size: varchar('size', { length: 16 }).notNull(),
    color: varchar('color', { length: 16 }).notNull(),
    sku: varchar('sku', { length: 40 }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    originalPrice: bigint('original_price', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_variants_designer_sku_key').on(t.designerId, t.sku),
    uniqueIndex('product_variants_product_size_color_key').on(t.productId, t.size, t.color),
    check('product_variants_price_check', sql`${t.price} >= 0 and ${t.originalPrice} >= ${t.price}`),
    check('product_variants_stock_check', sql`${t.stock} >= 0`),
  ],
);

/** A change of a variant's stock: reason sale | restock | adjust; `stock_after` is the level then. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: varchar('reason', { length: 8 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stock_movements_product_at_idx').on(t.productId, t.at)],
);

/**
 * An order of a boutique product. The variant's size, colour and SKU are copied, so the order
 * reads the same after the variant changes; `fan_id` is the buyer when a fan. Money in fen.
 * `state`: paid | shipped | completed | refunded.
 */
export const boutiqueOrders = pgTable(
  'boutique_orders',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    fanId: integer('fan_id').references(() => fans.id, { onDelete: 'set null' }),
    buyerName: varchar('buyer_name', { length: 32 }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    size: varchar('size', { length: 16 }).notNull(),
    color: varchar('color', { length: 16 }).notNull(),
    sku: varchar('sku', { length: 40 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('paid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('boutique_orders_designer_created_idx').on(t.designerId, t.createdAt),
    index('boutique_orders_product_created_idx').on(t.productId, t.createdAt),
    index('boutique_orders_fan_idx').on(t.fanId),
    // A crowd-pack `purchase` condition probes one fan's orders of the designer since a date
    // (compile.ts): one descent per fan, whatever the planner knows about the table.
    index('boutique_orders_designer_fan_created_idx').on(t.designerId, t.fanId, t.createdAt),
    check('boutique_orders_quantity_check', sql`${t.quantity} > 0`),
  ],
);
