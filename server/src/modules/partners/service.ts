import type {
  DividendPage,
  DividendState,
  DividendTotals,
  DynamicKind,
  ListPage,
  PartnerCompany,
  PartnerDynamic,
} from '@dc/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { partnerCompanies, partnerDividends, partnerDynamics } from '../../db/schema/index.ts';
import { sumOf } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/api-error.ts';
import { pageRows, totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';

const totalsColumns = {
  revenue: sumOf(sql`sum(${partnerDividends.revenue})`),
  amount: sumOf(sql`sum(${partnerDividends.amount})`),
  paid: sumOf(sql`sum(${partnerDividends.amount}) filter (where ${partnerDividends.state} = 'paid')`),
  pending: sumOf(sql`sum(${partnerDividends.amount}) filter (where ${partnerDividends.state} = 'pending')`),
};

const emptyTotals = (): DividendTotals => ({ revenue: 0, amount: 0, paid: 0, pending: 0 });

/** `GET /partners`: the designer's partner companies with the totals of their dividends. */
export async function listPartners(
  db: Database,
  designerId: number,
  query: { page: number; pageSize: number; order: 'asc' | 'desc' },
): Promise<ListPage<PartnerCompany>> {
  const where = eq(partnerCompanies.designerId, designerId);
  const [total] = await db.select({ n: count() }).from(partnerCompanies).where(where);
  const totalNumber = total?.n ?? 0;
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await pageRows(totalNumber, query, () =>
    db
      .select()
      .from(partnerCompanies)
      .where(where)
      .orderBy(direction(partnerCompanies.joinedAt), direction(partnerCompanies.id)),
  );
  const sums =
    rows.length === 0
      ? []
      : await db
          .select({ companyId: partnerDividends.companyId, ...totalsColumns })
          .from(partnerDividends)
          .where(
            and(
              eq(partnerDividends.designerId, designerId),
              inArray(
                partnerDividends.companyId,
                rows.map((row) => row.id),
              ),
            ),
          )
          .groupBy(partnerDividends.companyId);
  const totalsOf = new Map(sums.map(({ companyId, ...totals }) => [companyId, totals]));
  return {
    dataList: rows.map((row) => ({
      id: row.id,
      name: row.name,
      logo: row.logo,
      industry: row.industry,
      shareRatio: row.shareRatio,
      joinedAt: row.joinedAt,
      status: row.status,
      description: row.description,
      totals: totalsOf.get(row.id) ?? emptyTotals(),
    })),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
  };
}

export interface DividendFilter {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
  state?: DividendState | undefined;
  periodFrom?: string | undefined;
  periodTo?: string | undefined;
}

/**
 * `GET /partners/:id/dividends`: one of the designer's companies (else 40400), its dividends by
 * period, and the totals of everything the filter matches (not just the page).
 */
export async function listDividends(
  db: Database,
  designerId: number,
  companyId: number,
  filter: DividendFilter,
): Promise<DividendPage> {
  const [company] = await db
    .select({ id: partnerCompanies.id, name: partnerCompanies.name })
    .from(partnerCompanies)
    .where(and(eq(partnerCompanies.id, companyId), eq(partnerCompanies.designerId, designerId)));
  if (!company) throw notFound();
  const conditions: SQL[] = [
    eq(partnerDividends.designerId, designerId),
    eq(partnerDividends.companyId, companyId),
  ];
  if (filter.state) conditions.push(eq(partnerDividends.state, filter.state));
  if (filter.periodFrom) conditions.push(gte(partnerDividends.period, filter.periodFrom));
  if (filter.periodTo) conditions.push(lte(partnerDividends.period, filter.periodTo));
  const where = and(...conditions);
  const [summary] = await db
    .select({ n: count(), ...totalsColumns })
    .from(partnerDividends)
    .where(where);
  const totalNumber = summary?.n ?? 0;
  const direction = filter.order === 'asc' ? asc : desc;
  const rows = await pageRows(totalNumber, filter, () =>
    db.select().from(partnerDividends).where(where).orderBy(direction(partnerDividends.period)),
  );
  return {
    company,
    dataList: rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      period: row.period,
      revenue: row.revenue,
      ratio: row.ratio,
      amount: row.amount,
      state: row.state,
      paidAt: row.paidAt ? toWireDateTime(row.paidAt) : null,
    })),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, filter.pageSize),
    totals: summary
      ? { revenue: summary.revenue, amount: summary.amount, paid: summary.paid, pending: summary.pending }
      : emptyTotals(),
  };
}

/** `GET /partner-dynamics`: news of the designer's partner companies, newest first. */
export async function listDynamics(
  db: Database,
  designerId: number,
  filter: {
    page: number;
    pageSize: number;
    order: 'asc' | 'desc';
    companyId?: number | undefined;
    kind?: DynamicKind | undefined;
  },
): Promise<ListPage<PartnerDynamic>> {
  const conditions: SQL[] = [eq(partnerDynamics.designerId, designerId)];
  if (filter.companyId !== undefined) conditions.push(eq(partnerDynamics.companyId, filter.companyId));
  if (filter.kind) conditions.push(eq(partnerDynamics.kind, filter.kind));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(partnerDynamics).where(where);
  const totalNumber = total?.n ?? 0;
  const direction = filter.order === 'asc' ? asc : desc;
  const rows = await pageRows(totalNumber, filter, () =>
    db
      .select({ dynamic: partnerDynamics, companyName: partnerCompanies.name })
      .from(partnerDynamics)
      .innerJoin(partnerCompanies, eq(partnerCompanies.id, partnerDynamics.companyId))
      .where(where)
      .orderBy(direction(partnerDynamics.publishedAt), direction(partnerDynamics.id)),
  );
  return {
    dataList: rows.map(({ dynamic, companyName }) => ({
      id: dynamic.id,
      companyId: dynamic.companyId,
      companyName,
      kind: dynamic.kind,
      title: dynamic.title,
      content: dynamic.content,
      cover: dynamic.cover,
      publishedAt: toWireDateTime(dynamic.publishedAt),
    })),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, filter.pageSize),
  };
}
