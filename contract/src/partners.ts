import { z } from 'zod';
import { monthField } from './dates.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import { listPageSchema, pageQuerySchema } from './envelope.ts';
import { fen, idField, idParamsSchema, wireDateTime } from './fields.ts';
import { worded } from './wordings.ts';

/**
 * 设计师合伙人 (designer partner, issue 4 item 8): the partner companies the designer holds a
 * share of, their dividend records and a feed of partner news. Read-only for the designer.
 */

type Label = { 'zh-CN': string; 'en-US': string };

/** A ratio is in basis points: 1500 = 15.00 %. */
export const RATIO_SCALE = 10_000;

/**
 * A dividend's amount: revenue × ratio / 10000, rounded half up, in integer arithmetic (BigInt,
 * so no float ever touches money). The database checks the same identity on every row.
 */
export function dividendAmount(revenueFen: number, ratioBps: number): number {
  if (!Number.isSafeInteger(revenueFen) || revenueFen < 0) throw new RangeError('revenue: fen, >= 0');
  if (!Number.isInteger(ratioBps) || ratioBps < 0 || ratioBps > RATIO_SCALE) {
    throw new RangeError('ratio: basis points 0-10000');
  }
  const scale = BigInt(RATIO_SCALE);
  return Number((BigInt(revenueFen) * BigInt(ratioBps) + scale / 2n) / scale);
}

/** A ratio in basis points as people read it: 1250 → '12.5%'. */
export const formatRatio = (ratioBps: number): string =>
  `${(ratioBps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export const partnerStatuses = ['active', 'exited'] as const;
export type PartnerStatus = (typeof partnerStatuses)[number];

export const dividendStates = ['pending', 'paid'] as const;
export type DividendState = (typeof dividendStates)[number];
export const dividendStateLabels: Record<DividendState, Label> = {
  pending: { 'zh-CN': '待发放', 'en-US': 'Pending' },
  paid: { 'zh-CN': '已发放', 'en-US': 'Paid' },
};

export const dynamicKinds = ['news', 'announcement', 'milestone'] as const;
export type DynamicKind = (typeof dynamicKinds)[number];
export const dynamicKindLabels: Record<DynamicKind, Label> = {
  news: { 'zh-CN': '新闻', 'en-US': 'News' },
  announcement: { 'zh-CN': '公告', 'en-US': 'Announcement' },
  milestone: { 'zh-CN': '里程碑', 'en-US': 'Milestone' },
};

/** Sums over dividends, in fen: `amount` = `paid` + `pending`. */
export const dividendTotalsSchema = z.object({
  revenue: fen,
  amount: fen,
  paid: fen,
  pending: fen,
});
export type DividendTotals = z.infer<typeof dividendTotalsSchema>;

export const partnerCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  industry: z.string(),
  /** The designer's current dividend ratio, basis points. */
  shareRatio: z.number().int(),
  joinedAt: z.string(),
  status: z.enum(partnerStatuses),
  description: z.string(),
  /** Over all of this company's dividends. */
  totals: dividendTotalsSchema,
});
export type PartnerCompany = z.infer<typeof partnerCompanySchema>;

/** `GET /designerapi/v1/partners`: the designer's partner companies, oldest partnership first. */
export const partnerListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PartnerListQuery = z.input<typeof partnerListQuerySchema>;

export const dividendSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  /** `YYYY-MM`. */
  period: z.string(),
  revenue: fen,
  /** Basis points. */
  ratio: z.number().int(),
  /** = dividendAmount(revenue, ratio). */
  amount: fen,
  state: z.enum(dividendStates),
  paidAt: wireDateTime.nullable(),
});
export type Dividend = z.infer<typeof dividendSchema>;

/**
 * `GET /designerapi/v1/partners/:id/dividends`: newest period first (`order=asc` oldest), filters
 * `state`, `periodFrom`/`periodTo` (inclusive `YYYY-MM`). Another designer's company: 40400.
 */
export const dividendListQuerySchema = z
  .strictObject({
    ...pageQuerySchema.shape,
    state: z.enum(dividendStates).optional(),
    periodFrom: monthField.optional(),
    periodTo: monthField.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.periodFrom && query.periodTo && query.periodTo < query.periodFrom) {
      ctx.addIssue({
        code: 'custom',
        path: ['periodTo'],
        message: worded('不能早于 periodFrom', 'must not be before periodFrom'),
      });
    }
  });
export type DividendListQuery = z.input<typeof dividendListQuerySchema>;

/** The page of dividends plus the company and the totals of every dividend the filter matches. */
export const dividendPageSchema = listPageSchema(dividendSchema).extend({
  company: z.object({ id: z.number().int(), name: z.string() }),
  totals: dividendTotalsSchema,
});
export type DividendPage = z.infer<typeof dividendPageSchema>;

export const partnerDynamicSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  kind: z.enum(dynamicKinds),
  title: z.string(),
  content: z.string(),
  cover: z.string(),
  publishedAt: wireDateTime,
});
export type PartnerDynamic = z.infer<typeof partnerDynamicSchema>;

/** `GET /designerapi/v1/partner-dynamics`: newest first; `companyId` and `kind` filter. */
export const partnerDynamicsQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  companyId: idField.optional(),
  kind: z.enum(dynamicKinds).optional(),
});
export type PartnerDynamicsQuery = z.input<typeof partnerDynamicsQuerySchema>;

/** What each partners call sends and answers (contract/src/endpoint.ts); `api/partners.ts` says where. */
export const partnersSchemas = {
  list: { query: partnerListQuerySchema, data: listPageSchema(partnerCompanySchema) },
  dividends: { params: idParamsSchema, query: dividendListQuerySchema, data: dividendPageSchema },
  dynamics: { query: partnerDynamicsQuerySchema, data: listPageSchema(partnerDynamicSchema) },
} satisfies EndpointSchemaMap;
