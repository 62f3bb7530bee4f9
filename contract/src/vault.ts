import { z } from 'zod';
import { dateField } from './dates.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import {
  cursorPageFields,
  cursorPageQuerySchema,
  emptyQuerySchema,
  listPageSchema,
  pageQuerySchema,
} from './envelope.ts';
import { fen, idParamsSchema, text, wireDateTime } from './fields.ts';
import { worded } from './wordings.ts';

/**
 * 我的金库 (my vault, issue 6 items 1–3, 7): the earnings ledger, withdrawals and statistics.
 * Money is integer fen everywhere; days are business days in Asia/Shanghai.
 */

export const ledgerKindValues = [
  'course_sale',
  'boutique_sale',
  'video_reward',
  'partner_dividend',
  'refund',
  'withdrawal',
  'platform_fee',
] as const;
export type LedgerKind = (typeof ledgerKindValues)[number];
/** Kinds that earn money (income by source, pending settlement). */
export const incomeKindValues = ['course_sale', 'boutique_sale', 'video_reward', 'partner_dividend'] as const;

export const ledgerStateValues = ['pending', 'available', 'withdrawn', 'refunded'] as const;
export type LedgerState = (typeof ledgerStateValues)[number];
export const ledgerSourceTypeValues = ['course', 'video', 'product', 'partner'] as const;
export type LedgerSourceType = (typeof ledgerSourceTypeValues)[number];
export const withdrawalStateValues = ['submitted', 'processing', 'paid', 'failed'] as const;
export type WithdrawalState = (typeof withdrawalStateValues)[number];

/** Income becomes available this many days after it is earned. */
export const SETTLEMENT_DAYS = 7;
/** The longest range a statistic covers (a leap year and its last day). */
export const VAULT_RANGE_MAX_DAYS = 366;
export const granularityValues = ['day', 'week', 'month'] as const;
export type Granularity = (typeof granularityValues)[number];
/** Smallest and largest withdrawal (fen): 1 yuan to 1,000,000 yuan. */
export const WITHDRAWAL_MIN = 100;
export const WITHDRAWAL_MAX = 100_000_000;
export const LEDGER_KEYWORD_MAX = 64;
/** Largest amount a filter accepts (fen): far beyond any real entry, far below 2^53. */
export const LEDGER_AMOUNT_LIMIT = 1_000_000_000_000;

/** Days from `start` to `end` inclusive (both `YYYY-MM-DD`). */
export function daySpan(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A statistic's range: `end` on or after `start`, at most 366 days (40000 on `end` otherwise). */
const rangeShape = { start: dateField, end: dateField, _t: z.coerce.number().optional() };
type RangeValue = { start: string; end: string };
const checkRange = (value: RangeValue, ctx: z.core.$RefinementCtx) => {
  const span = daySpan(value.start, value.end);
  if (span < 1)
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: worded('结束日期早于开始日期', 'the end is before the start'),
    });
  else if (span > VAULT_RANGE_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['end'], message: `at most ${VAULT_RANGE_MAX_DAYS} days` });
};

export const vaultRangeQuerySchema = z.strictObject(rangeShape).superRefine(checkRange);
export type VaultRangeQuery = z.input<typeof vaultRangeQuerySchema>;

/** `GET /vault/balance?days=30`: the four cards now and at the end of the previous period. */
export const vaultBalanceQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(VAULT_RANGE_MAX_DAYS).default(30),
  _t: z.coerce.number().optional(),
});

const balanceFigures = { available: fen, pending: fen, withdrawn: fen, totalEarned: fen };
export const vaultBalanceFiguresSchema = z.object(balanceFigures);
export type VaultBalanceFigures = z.infer<typeof vaultBalanceFiguresSchema>;

/** Balance cards of 金库统计 (vault statistics), in fen. */
export const vaultBalanceSchema = z.object({
  ...balanceFigures,
  /** The same figures `periodDays` ago (end of that business day), for the change on each card. */
  previous: vaultBalanceFiguresSchema,
  periodDays: z.number().int(),
  /** When the figures were computed (wire date-time). */
  computedAt: wireDateTime,
});
export type VaultBalance = z.infer<typeof vaultBalanceSchema>;

/** `GET /vault/income-trend?start&end&granularity`. */
export const incomeTrendQuerySchema = z
  .strictObject({ ...rangeShape, granularity: z.enum(granularityValues).default('day') })
  .superRefine(checkRange);
export type IncomeTrendQuery = z.input<typeof incomeTrendQuerySchema>;

export const incomeBucketSchema = z.object({
  /** First business day of the bucket (a Monday for weeks, the 1st for months). */
  bucket: z.string(),
  /** Σ net of every entry but withdrawals (refunds and fees subtract). */
  income: fen,
  /** Σ amount of sales, rewards and dividends (before fees). */
  gross: fen,
  entries: z.number().int(),
});
export type IncomeBucket = z.infer<typeof incomeBucketSchema>;

export const incomeTrendSchema = z.object({
  granularity: z.enum(granularityValues),
  start: z.string(),
  end: z.string(),
  buckets: z.array(incomeBucketSchema),
  total: fen,
  computedAt: wireDateTime,
});
export type IncomeTrend = z.infer<typeof incomeTrendSchema>;

/** `GET /vault/income-by-source?start&end`: net income per earning kind. */
export const incomeBySourceSchema = z.object({
  items: z.array(z.object({ kind: z.enum(incomeKindValues), net: fen, entries: z.number().int() })),
  total: fen,
  computedAt: wireDateTime,
});
export type IncomeBySource = z.infer<typeof incomeBySourceSchema>;

/** `GET /vault/top-items?start&end&limit`: the items that earned most (net) in the range. */
export const topItemsQuerySchema = z
  .strictObject({ ...rangeShape, limit: z.coerce.number().int().min(1).max(50).default(10) })
  .superRefine(checkRange);
export type TopItemsQuery = z.input<typeof topItemsQuerySchema>;

export const topItemSchema = z.object({
  sourceType: z.enum(ledgerSourceTypeValues).nullable(),
  sourceId: z.number().int().nullable(),
  title: z.string(),
  net: fen,
  entries: z.number().int(),
});
export type TopItem = z.infer<typeof topItemSchema>;
export const topItemsSchema = z.object({ items: z.array(topItemSchema), computedAt: wireDateTime });
export type TopItems = z.infer<typeof topItemsSchema>;

/** `GET /vault/pending-settlements`: what arrives when, per business day of settlement. */
export const pendingSettlementsSchema = z.object({
  days: z.array(z.object({ day: z.string(), net: fen, entries: z.number().int() })),
  total: fen,
  computedAt: wireDateTime,
});
export type PendingSettlements = z.infer<typeof pendingSettlementsSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ledgerKindValues),
  amount: fen,
  fee: fen,
  net: fen,
  state: z.enum(ledgerStateValues),
  title: z.string(),
  sourceType: z.enum(ledgerSourceTypeValues).nullable(),
  sourceId: z.number().int().nullable(),
  sourceTitle: z.string().nullable(),
  buyer: z.string().nullable(),
  withdrawalId: z.number().int().nullable(),
  createdAt: wireDateTime,
  settleDueAt: wireDateTime.nullable(),
  settledAt: wireDateTime.nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerSortValues = ['createdAt', 'amount', 'net'] as const;
export type LedgerSort = (typeof ledgerSortValues)[number];

const amountFilter = z.coerce.number().int().min(-LEDGER_AMOUNT_LIMIT).max(LEDGER_AMOUNT_LIMIT);
const ledgerFilterShape = {
  kind: z.enum(ledgerKindValues).optional(),
  state: z.enum(ledgerStateValues).optional(),
  dateFrom: dateField.optional(),
  dateTo: dateField.optional(),
  /** Bounds of `amount` in fen, inclusive. */
  amountMin: amountFilter.optional(),
  amountMax: amountFilter.optional(),
  keyword: z.string().trim().max(LEDGER_KEYWORD_MAX).optional(),
  sortBy: z.enum(ledgerSortValues).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  _t: z.coerce.number().optional(),
};
type FilterValue = { dateFrom?: string; dateTo?: string; amountMin?: number; amountMax?: number };
const checkFilters = (value: FilterValue, ctx: z.core.$RefinementCtx) => {
  if (value.dateFrom && value.dateTo && daySpan(value.dateFrom, value.dateTo) < 1)
    ctx.addIssue({
      code: 'custom',
      path: ['dateTo'],
      message: worded('结束日期早于开始日期', 'the end is before the start'),
    });
  if (value.amountMin !== undefined && value.amountMax !== undefined && value.amountMax < value.amountMin)
    ctx.addIssue({ code: 'custom', path: ['amountMax'], message: 'the maximum is below the minimum' });
};

/** `GET /vault/ledger`: the filtered ledger, a page of it and the totals of every filtered row. */
export const ledgerListQuerySchema = z
  .strictObject({ ...cursorPageQuerySchema.shape, ...ledgerFilterShape })
  .superRefine(checkFilters);
export type LedgerListQuery = z.input<typeof ledgerListQuerySchema>;
export type LedgerFilters = Omit<
  z.output<typeof ledgerListQuerySchema>,
  'page' | 'pageSize' | '_t' | 'cursor'
>;

/** `GET /vault/ledger/export.csv`: the same filters, every row, streamed. */
export const ledgerExportQuerySchema = z.strictObject(ledgerFilterShape).superRefine(checkFilters);
export type LedgerExportQuery = z.input<typeof ledgerExportQuerySchema>;

export const ledgerTotalsSchema = z.object({ entries: z.number().int(), amount: fen, fee: fen, net: fen });
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;
export const ledgerPageSchema = listPageSchema(ledgerEntrySchema).extend({
  totals: ledgerTotalsSchema,
  computedAt: wireDateTime,
  ...cursorPageFields,
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const bankAccountSchema = z.strictObject({
  bankName: text(64),
  accountName: text(32),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{8,30}$/, '8 to 30 digits'),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/**
 * `POST /vault/withdrawals`: `amount` (fen) at most the available balance (40000 on `amount`
 * otherwise); `bankAccount` omitted: the bank account of the latest approved exclusive
 * application (40000 on `bankAccount` when there is none).
 */
export const withdrawalBodySchema = z.strictObject({
  amount: z.number().int().min(WITHDRAWAL_MIN).max(WITHDRAWAL_MAX),
  bankAccount: bankAccountSchema.optional(),
});
export type WithdrawalBody = z.input<typeof withdrawalBodySchema>;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: fen,
  bankName: z.string(),
  accountName: z.string(),
  /** Masked but for the last 4 digits. */
  accountNumber: z.string(),
  state: z.enum(withdrawalStateValues),
  failureReason: z.string().nullable(),
  submittedAt: wireDateTime,
  processedAt: wireDateTime.nullable(),
  paidAt: wireDateTime.nullable(),
  failedAt: wireDateTime.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  state: z.enum(withdrawalStateValues).optional(),
});
export type WithdrawalListQuery = z.input<typeof withdrawalListQuerySchema>;

/** The default payout account (from the approved exclusive application), if any. */
export const withdrawalAccountSchema = z.object({ bankAccount: bankAccountSchema.nullable() });
export type WithdrawalAccount = z.infer<typeof withdrawalAccountSchema>;

/** Yuan with two decimals from integer fen, never through floating point (`-12.05`). */
export function fenToYuan(amount: number): string {
  const negative = amount < 0;
  const abs = BigInt(Math.abs(amount));
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The vault calls (contract/src/endpoint.ts); method and path in `api/vault.ts`. */
export const vaultSchemas = {
  balance: { query: vaultBalanceQuerySchema, data: vaultBalanceSchema },
  incomeTrend: { query: incomeTrendQuerySchema, data: incomeTrendSchema },
  incomeBySource: { query: vaultRangeQuerySchema, data: incomeBySourceSchema },
  topItems: { query: topItemsQuerySchema, data: topItemsSchema },
  pendingSettlements: { query: emptyQuerySchema, data: pendingSettlementsSchema },
  ledger: { query: ledgerListQuerySchema, data: ledgerPageSchema },
  /** A CSV stream, no envelope. */
  exportLedgerCsv: { query: ledgerExportQuerySchema },
  ledgerEntry: { params: idParamsSchema, data: ledgerEntrySchema },
  withdrawals: { query: withdrawalListQuerySchema, data: listPageSchema(withdrawalSchema) },
  withdrawalAccount: { query: emptyQuerySchema, data: withdrawalAccountSchema },
  requestWithdrawal: { body: withdrawalBodySchema, data: withdrawalSchema },
} satisfies EndpointSchemaMap;
