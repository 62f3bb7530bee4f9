import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';

/** A designer's shop addresses: at most 20; at most one default (and the rules keep exactly one). */
export const shopAddresses = pgTable(
  'shop_addresses',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    consignee: varchar('consignee', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    provinceCode: varchar('province_code', { length: 6 }).notNull(),
    cityCode: varchar('city_code', { length: 6 }).notNull(),
    districtCode: varchar('district_code', { length: 6 }).notNull(),
    detail: varchar('detail', { length: 120 }).notNull(),
    postalCode: varchar('postal_code', { length: 6 }).notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('shop_addresses_designer_idx').on(t.designerId),
    uniqueIndex('shop_addresses_one_default_key').on(t.designerId).where(sql`${t.isDefault}`),
  ],
);
