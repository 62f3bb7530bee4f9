import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';

export const providerKindValues = ['brand', 'studio', 'factory'] as const;
export const applicationStatusValues = ['pending', 'approved', 'rejected'] as const;
export const idTypeValues = ['id_card', 'passport', 'hk_macao_pass', 'taiwan_pass'] as const;
export const contractEventKindValues = ['created', 'submitted', 'audited', 'executed', 'finished'] as const;
export const contractActorValues = ['designer', 'platform'] as const;

/** The platform's providers (garment brands, studios, factories): shared, not designer-owned. */
export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16, enum: providerKindValues }).notNull(),
    logo: varchar('logo', { length: 1024 }).notNull().default(''),
    cityCode: varchar('city_code', { length: 6 }).notNull(),
    description: text('description').notNull().default(''),
    styles: jsonb('styles').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('providers_name_key').on(t.name)],
);

/** Providers a designer collected (bookmarked). */
export const providerCollections = pgTable(
  'provider_collections',
  {
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.designerId, t.providerId] })],
);

/**
 * Applications to become a provider's exclusive designer. A review never edits a row's data:
 * resubmitting after a rejection adds a new row (attempt + 1). At most one pending or approved
 * application per designer and provider (partial unique index).
 */
export const exclusiveApplications = pgTable(
  'exclusive_applications',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16, enum: applicationStatusValues }).notNull().default('pending'),
    attempt: integer('attempt').notNull().default(1),
    realName: varchar('real_name', { length: 32 }).notNull(),
    idType: varchar('id_type', { length: 16, enum: idTypeValues }).notNull(),
    idNumber: varchar('id_number', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    bankCode: varchar('bank_code', { length: 16 }).notNull(),
    /** The bank's name when submitted. */
    bankName: varchar('bank_name', { length: 64 }).notNull(),
    bankProvince: varchar('bank_province', { length: 6 }).notNull(),
    bankCity: varchar('bank_city', { length: 6 }).notNull(),
    bankBranch: varchar('bank_branch', { length: 64 }).notNull(),
    accountName: varchar('account_name', { length: 32 }).notNull(),
    accountNumber: varchar('account_number', { length: 30 }).notNull(),
    portfolio: jsonb('portfolio').$type<string[]>().notNull(),
    statement: text('statement').notNull(),
    rejectReason: varchar('reject_reason', { length: 200 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exclusive_applications_active_key')
      .on(t.designerId, t.providerId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index('exclusive_applications_designer_idx').on(t.designerId, t.submittedAt.desc()),
    index('exclusive_applications_status_idx').on(t.status, t.submittedAt),
  ],
);

export interface StoredAttachment {
  name: string;
  url: string;
}

/**
 * A designer's contracts with providers. `status`, `type` and `direction` are the numbers of
 * spec section 4; a main contract (type 0) has no parent, the others have one.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    parentId: integer('parent_id').references((): AnyPgColumn => contracts.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    type: smallint('type').notNull(),
    direction: smallint('direction').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: smallint('status').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('contracts_code_key').on(t.code),
    index('contracts_designer_created_idx').on(t.designerId, t.createdAt.desc()),
    index('contracts_parent_idx').on(t.parentId),
    check('contracts_type_check', sql`${t.type} in (0, 1, 2)`),
    check('contracts_direction_check', sql`${t.direction} in (0, 1)`),
    check('contracts_status_check', sql`${t.status} between 0 and 4`),
    check('contracts_amount_check', sql`${t.amount} >= 0`),
    check('contracts_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('contracts_parent_check', sql`(${t.type} = 0) = (${t.parentId} is null)`),
  ],
);

/** A contract's timeline: who did what, when, from which status to which. */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: contractEventKindValues }).notNull(),
    actor: varchar('actor', { length: 16, enum: contractActorValues }).notNull(),
    actorName: varchar('actor_name', { length: 32 }).notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contract_events_contract_idx').on(t.contractId, t.createdAt)],
);
