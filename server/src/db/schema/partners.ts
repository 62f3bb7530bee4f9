import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';

export const partnerStatusValues = ['active', 'exited'] as const;
export const dividendStateValues = ['pending', 'paid'] as const;
export const dynamicKindValues = ['news', 'announcement', 'milestone'] as const;

/** Companies a designer is a partner of (designer-owned). */
export const partnerCompanies = pgTable(
  'partner_companies',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    logo: varchar('logo', { length: 1024 }).notNull().default(''),
    industry: varchar('industry', { length: 32 }).notNull().default(''),
    /** Basis points. */
    shareRatio: integer('share_ratio').notNull(),
    joinedAt: date('joined_at', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 8, enum: partnerStatusValues }).notNull().default('active'),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_companies_designer_idx').on(t.designerId),
    check('partner_companies_ratio_check', sql`${t.shareRatio} between 0 and 10000`),
  ],
);

/**
 * A company's dividend to the designer for one month. Money in fen, the ratio in basis points;
 * the amount is revenue × ratio / 10000 rounded half up, checked here in integer arithmetic.
 */
export const partnerDividends = pgTable(
  'partner_dividends',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    /** `YYYY-MM`. */
    period: varchar('period', { length: 7 }).notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    ratio: integer('ratio').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: varchar('state', { length: 8, enum: dividendStateValues }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_dividends_company_period_key').on(t.companyId, t.period),
    index('partner_dividends_designer_idx').on(t.designerId),
    check('partner_dividends_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('partner_dividends_revenue_check', sql`${t.revenue} >= 0`),
    check('partner_dividends_ratio_check', sql`${t.ratio} between 0 and 10000`),
    check('partner_dividends_amount_check', sql`${t.amount} = (${t.revenue} * ${t.ratio} + 5000) / 10000`),
    check('partner_dividends_paid_check', sql`(${t.state} = 'paid') = (${t.paidAt} is not null)`),
  ],
);

/** News of the designer's partner companies. */
export const partnerDynamics = pgTable(
  'partner_dynamics',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: dynamicKindValues }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull().default(''),
    cover: varchar('cover', { length: 1024 }).notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('partner_dynamics_designer_published_idx').on(t.designerId, t.publishedAt.desc())],
);
