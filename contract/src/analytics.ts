import { z } from 'zod';
import { dateField } from './dates.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import { listPageSchema, pageQuerySchema } from './envelope.ts';
import { fen, wireDateTime } from './fields.ts';
import { daySpan, incomeKindValues, VAULT_RANGE_MAX_DAYS } from './vault.ts';
import { worded } from './wordings.ts';

/**
 * 数据分析 (data analysis, issue 6 items 4–7): the overview, the fans, income and sales lists and
 * the rankings. Every figure is counted from rows; days are business days in Asia/Shanghai.
 * A period is `days` (7, 30, 90 or 365 days ending today) or `start` + `end` (at most 366 days);
 * the previous period is the same number of days just before it.
 */

export const periodDaysValues = [7, 30, 90, 365] as const;
export type PeriodDays = (typeof periodDaysValues)[number];
export const ANALYTICS_RANGE_MAX_DAYS = VAULT_RANGE_MAX_DAYS;

const periodShape = {
  days: z.coerce
    .number()
    .int()
    .refine((value) => (periodDaysValues as readonly number[]).includes(value), 'one of 7, 30, 90, 365')
    .optional(),
  start: dateField.optional(),
  end: dateField.optional(),
  _t: z.coerce.number().optional(),
};
type PeriodValue = { days?: number; start?: string; end?: string };
const checkPeriod = (value: PeriodValue, ctx: z.core.$RefinementCtx) => {
  if (value.start === undefined && value.end === undefined) return;
  if (value.days !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['days'],
      message: worded('请填写天数，或开始和结束日期，二选一', 'either days or start and end'),
    });
    return;
  }
  if (value.start === undefined || value.end === undefined) {
    const missing = value.start === undefined ? 'start' : 'end';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: worded('开始和结束日期须同时填写', 'start and end go together'),
    });
    return;
  }
  const span = daySpan(value.start, value.end);
  if (span < 1)
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: worded('结束日期早于开始日期', 'the end is before the start'),
    });
  else if (span > ANALYTICS_RANGE_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['end'], message: `at most ${ANALYTICS_RANGE_MAX_DAYS} days` });
};

/** `?days=30` or `?start=2025-01-01&end=2025-01-31`; neither: the last 30 days. */
export const periodQuerySchema = z.strictObject(periodShape).superRefine(checkPeriod);
export type PeriodQuery = z.input<typeof periodQuerySchema>;
export type PeriodInput = Pick<z.output<typeof periodQuerySchema>, 'days' | 'start' | 'end'>;

/** The period a figure covers and the one it is compared with (inclusive business days). */
export const resolvedPeriodSchema = z.object({
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
  previousStart: z.string(),
  previousEnd: z.string(),
});
export type ResolvedPeriod = z.infer<typeof resolvedPeriodSchema>;

/** A figure of the period and of the previous period; `change` = value − previous. */
export const comparedFigureSchema = z.object({
  value: z.number().int(),
  previous: z.number().int(),
  change: z.number().int(),
});
export type ComparedFigure = z.infer<typeof comparedFigureSchema>;

export const trendGranularityValues = ['day', 'week', 'month'] as const;

export const overviewTrendPointSchema = z.object({
  /** First business day of the bucket. */
  bucket: z.string(),
  newFans: z.number().int(),
  lostFans: z.number().int(),
  /** Net income (fen) of every ledger entry but withdrawals. */
  income: fen,
  orders: z.number().int(),
  salesAmount: fen,
});
export type OverviewTrendPoint = z.infer<typeof overviewTrendPointSchema>;

/** `GET /analytics/overview`: the cards and trends of 数据概览. */
export const analyticsOverviewSchema = z.object({
  period: resolvedPeriodSchema,
  fans: z.object({
    /** Following at the end of the period. */
    total: comparedFigureSchema,
    new: comparedFigureSchema,
    lost: comparedFigureSchema,
    /** Fans whose last activity falls in the period. */
    active: comparedFigureSchema,
  }),
  income: comparedFigureSchema,
  sales: z.object({ orders: comparedFigureSchema, amount: comparedFigureSchema }),
  granularity: z.enum(trendGranularityValues),
  trend: z.array(overviewTrendPointSchema),
  computedAt: wireDateTime,
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

// ── fans-analysis-list/{type} ────────────────────────────────────────────────

export const analyticsFanTypeValues = ['new', 'lost', 'active', 'all'] as const;
export type AnalyticsFanType = (typeof analyticsFanTypeValues)[number];
export const analyticsFanListParamsSchema = z.strictObject({ type: z.enum(analyticsFanTypeValues) });

export const analyticsFanSortValues = ['followedAt', 'lastActiveAt', 'totalSpent'] as const;
export type AnalyticsFanSort = (typeof analyticsFanSortValues)[number];
const fanListFilterShape = {
  ...periodShape,
  sortBy: z.enum(analyticsFanSortValues).default('followedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
};
export const analyticsFanListQuerySchema = z
  .strictObject({ ...pageQuerySchema.shape, ...fanListFilterShape })
  .superRefine(checkPeriod);
export type AnalyticsFanListQuery = z.input<typeof analyticsFanListQuerySchema>;
export const analyticsFanExportQuerySchema = z.strictObject(fanListFilterShape).superRefine(checkPeriod);

export const analyticsFanSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  gender: z.string(),
  source: z.string(),
  followedAt: wireDateTime,
  /** Null for a fan who left (lost fans). */
  lastActiveAt: wireDateTime.nullable(),
  /** When a lost fan unfollowed; null for a fan still following. */
  unfollowedAt: wireDateTime.nullable(),
  totalSpent: fen,
  orderCount: z.number().int(),
});
export type AnalyticsFan = z.infer<typeof analyticsFanSchema>;
export const analyticsFanPageSchema = listPageSchema(analyticsFanSchema).extend({
  period: resolvedPeriodSchema,
  computedAt: wireDateTime,
});
export type AnalyticsFanPage = z.infer<typeof analyticsFanPageSchema>;

// ── income-analysis-list/{type}/{dateType} ──────────────────────────────────

export const dateTypeValues = ['day', 'week', 'month', 'year'] as const;
export type DateType = (typeof dateTypeValues)[number];
export const incomeListTypeValues = ['all', ...incomeKindValues] as const;
export type IncomeListType = (typeof incomeListTypeValues)[number];
export const incomeListParamsSchema = z.strictObject({
  type: z.enum(incomeListTypeValues),
  dateType: z.enum(dateTypeValues),
});

export const bucketSortValues = ['bucket', 'amount', 'count'] as const;
const bucketListFilterShape = {
  ...periodShape,
  sortBy: z.enum(bucketSortValues).default('bucket'),
  order: z.enum(['asc', 'desc']).default('desc'),
};
export const bucketListQuerySchema = z
  .strictObject({ ...pageQuerySchema.shape, ...bucketListFilterShape })
  .superRefine(checkPeriod);
export type BucketListQuery = z.input<typeof bucketListQuerySchema>;
export const bucketExportQuerySchema = z.strictObject(bucketListFilterShape).superRefine(checkPeriod);

export const incomeBucketRowSchema = z.object({
  /** First business day of the bucket inside the period; `bucketEnd` its last. */
  bucket: z.string(),
  bucketEnd: z.string(),
  /** Σ amount of the rows (before fees), Σ fee and Σ net, in fen. */
  gross: fen,
  fee: fen,
  net: fen,
  entries: z.number().int(),
});
export type IncomeBucketRow = z.infer<typeof incomeBucketRowSchema>;
const bucketTotals = z.object({ amount: fen, count: z.number().int() });
export const incomeListPageSchema = listPageSchema(incomeBucketRowSchema).extend({
  period: resolvedPeriodSchema,
  totals: bucketTotals,
  computedAt: wireDateTime,
});
export type IncomeListPage = z.infer<typeof incomeListPageSchema>;

// ── sales-analysis-list/{type}/{dateType}/{createdAt?} ──────────────────────

export const salesItemTypeValues = ['course', 'boutique'] as const;
export type SalesItemType = (typeof salesItemTypeValues)[number];
export const salesListParamsSchema = z.strictObject({
  type: z.enum(salesItemTypeValues),
  dateType: z.enum(dateTypeValues),
});
export const salesOrdersParamsSchema = z.strictObject({
  type: z.enum(salesItemTypeValues),
  dateType: z.enum(dateTypeValues),
  /** The first day of the bucket whose orders to list. */
  createdAt: dateField,
});

export const salesBucketRowSchema = z.object({
  bucket: z.string(),
  bucketEnd: z.string(),
  orders: z.number().int(),
  quantity: z.number().int(),
  amount: fen,
});
export type SalesBucketRow = z.infer<typeof salesBucketRowSchema>;
export const salesListPageSchema = listPageSchema(salesBucketRowSchema).extend({
  period: resolvedPeriodSchema,
  totals: bucketTotals,
  computedAt: wireDateTime,
});
export type SalesListPage = z.infer<typeof salesListPageSchema>;

export const salesOrderSortValues = ['createdAt', 'amount'] as const;
const salesOrderFilterShape = {
  /** The last day to include when the list's period cuts the bucket short. */
  until: dateField.optional(),
  sortBy: z.enum(salesOrderSortValues).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  _t: z.coerce.number().optional(),
};
export const salesOrderListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  ...salesOrderFilterShape,
});
export type SalesOrderListQuery = z.input<typeof salesOrderListQuerySchema>;
export const salesOrderExportQuerySchema = z.strictObject(salesOrderFilterShape);

export const salesOrderSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemTitle: z.string(),
  buyer: z.string(),
  quantity: z.number().int(),
  amount: fen,
  /** Boutique: paid | shipped | completed | refunded; course: paid. */
  state: z.string(),
  createdAt: wireDateTime,
});
export type SalesOrder = z.infer<typeof salesOrderSchema>;
export const salesOrderPageSchema = listPageSchema(salesOrderSchema).extend({
  bucket: z.string(),
  bucketEnd: z.string(),
  totals: bucketTotals,
  computedAt: wireDateTime,
});
export type SalesOrderPage = z.infer<typeof salesOrderPageSchema>;

// ── rankings ─────────────────────────────────────────────────────────────────

export const showRankMetricValues = ['views', 'likes', 'comments', 'completion'] as const;
/** Courses of the designer by what they sold and how they were rated. */
export const designerCourseRankMetricValues = ['sales', 'revenue', 'students', 'rating'] as const;
/** The platform users who learn from the designer: courses bought, money spent, lessons completed. */
export const userCourseRankMetricValues = ['courses', 'spent', 'lessons'] as const;
export type ShowRankMetric = (typeof showRankMetricValues)[number];
export type DesignerCourseRankMetric = (typeof designerCourseRankMetricValues)[number];
export type UserCourseRankMetric = (typeof userCourseRankMetricValues)[number];

const rankingQuery = <M extends readonly [string, ...string[]]>(metrics: M) =>
  z
    .strictObject({
      ...pageQuerySchema.omit({ order: true }).shape,
      ...periodShape,
      metric: z.enum(metrics).default(metrics[0] as M[0]),
    })
    .superRefine(checkPeriod);
export const showRankQuerySchema = rankingQuery(showRankMetricValues);
export const designerCourseRankQuerySchema = rankingQuery(designerCourseRankMetricValues);
export const userCourseRankQuerySchema = rankingQuery(userCourseRankMetricValues);
export type ShowRankQuery = z.input<typeof showRankQuerySchema>;
export type DesignerCourseRankQuery = z.input<typeof designerCourseRankQuerySchema>;
export type UserCourseRankQuery = z.input<typeof userCourseRankQuerySchema>;

export const rankMovementValues = ['up', 'down', 'same', 'new'] as const;
export type RankMovement = (typeof rankMovementValues)[number];

/**
 * One ranked item. `value` is an integer: a count, fen (revenue, spent), basis points
 * (completion: completed plays ÷ views × 10000) or hundredths of a star (rating).
 */
export const rankingRowSchema = z.object({
  rank: z.number().int(),
  /** Rank in the previous period; null when the item was not ranked then. */
  previousRank: z.number().int().nullable(),
  movement: z.enum(rankMovementValues),
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  value: z.number().int(),
  previousValue: z.number().int(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;
export const rankingPageSchema = listPageSchema(rankingRowSchema).extend({
  metric: z.string(),
  period: resolvedPeriodSchema,
  computedAt: wireDateTime,
});
export type RankingPage = z.infer<typeof rankingPageSchema>;

/** Movement of an item from `previousRank` to `rank` (a smaller rank is better). */
export function rankMovementOf(rank: number, previousRank: number | null): RankMovement {
  if (previousRank === null) return 'new';
  return rank < previousRank ? 'up' : rank > previousRank ? 'down' : 'same';
}

/** The analytics calls (contract/src/endpoint.ts); method and path in `api/analytics.ts`. The CSV exports answer no envelope. */
export const analyticsSchemas = {
  overview: { query: periodQuerySchema, data: analyticsOverviewSchema },
  fans: {
    params: analyticsFanListParamsSchema,
    query: analyticsFanListQuerySchema,
    data: analyticsFanPageSchema,
  },
  exportFansCsv: { params: analyticsFanListParamsSchema, query: analyticsFanExportQuerySchema },
  income: { params: incomeListParamsSchema, query: bucketListQuerySchema, data: incomeListPageSchema },
  exportIncomeCsv: { params: incomeListParamsSchema, query: bucketExportQuerySchema },
  sales: { params: salesListParamsSchema, query: bucketListQuerySchema, data: salesListPageSchema },
  exportSalesCsv: { params: salesListParamsSchema, query: bucketExportQuerySchema },
  salesOrders: {
    params: salesOrdersParamsSchema,
    query: salesOrderListQuerySchema,
    data: salesOrderPageSchema,
  },
  exportSalesOrdersCsv: { params: salesOrdersParamsSchema, query: salesOrderExportQuerySchema },
  showRanking: { query: showRankQuerySchema, data: rankingPageSchema },
  designerCourseRanking: { query: designerCourseRankQuerySchema, data: rankingPageSchema },
  userCourseRanking: { query: userCourseRankQuerySchema, data: rankingPageSchema },
} satisfies EndpointSchemaMap;
