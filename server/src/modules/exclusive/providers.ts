import {
  type ApplicationStatus,
  cityDisplayName,
  type ListPage,
  type Provider,
  type ProviderBrief,
} from '@dc/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exclusiveApplications, providerCollections, providers } from '../../db/schema/index.ts';
import { containsText } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/api-error.ts';
import { pageRows, totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';

// Providers: the list, one provider, and the designer's collection of them.

type ProviderRow = typeof providers.$inferSelect;

export const toBrief = (row: ProviderRow): ProviderBrief => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  logo: row.logo,
  cityName: cityDisplayName(row.cityCode),
});

/** The status of the designer's latest application to each provider (all, or those of `providerIds`). */
export async function latestApplicationStatuses(
  db: Database,
  designerId: number,
  providerIds?: number[],
): Promise<Map<number, ApplicationStatus>> {
  if (providerIds?.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([exclusiveApplications.providerId], {
      providerId: exclusiveApplications.providerId,
      status: exclusiveApplications.status,
    })
    .from(exclusiveApplications)
    .where(
      and(
        eq(exclusiveApplications.designerId, designerId),
        providerIds ? inArray(exclusiveApplications.providerId, providerIds) : undefined,
      ),
    )
    .orderBy(
      exclusiveApplications.providerId,
      desc(exclusiveApplications.submittedAt),
      desc(exclusiveApplications.id),
    );
  return new Map(rows.map((row) => [row.providerId, row.status]));
}

export interface ProviderListFilter {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
  sortBy: 'id' | 'name' | 'collectedAt';
  keyword?: string | undefined;
  kind?: ProviderRow['kind'] | undefined;
  collected?: boolean | undefined;
}

/** `GET /providers`: every provider with the session designer's collection and application status. */
export async function listProviders(
  db: Database,
  designerId: number,
  filter: ProviderListFilter,
): Promise<ListPage<Provider>> {
  const joined = and(
    eq(providerCollections.providerId, providers.id),
    eq(providerCollections.designerId, designerId),
  );
  const conditions: (SQL | undefined)[] = [];
  if (filter.keyword) {
    conditions.push(
      or(containsText(providers.name, filter.keyword), containsText(providers.description, filter.keyword)),
    );
  }
  if (filter.kind) conditions.push(eq(providers.kind, filter.kind));
  if (filter.collected !== undefined) {
    conditions.push(
      filter.collected ? isNotNull(providerCollections.createdAt) : isNull(providerCollections.createdAt),
    );
  }
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(providers)
    .leftJoin(providerCollections, joined)
    .where(where);
  const totalNumber = total?.n ?? 0;
  const direction = filter.order === 'asc' ? asc : desc;
  const sortColumn =
    filter.sortBy === 'name'
      ? direction(providers.name)
      : filter.sortBy === 'collectedAt'
        ? sql`${providerCollections.createdAt} ${sql.raw(filter.order)} nulls last`
        : direction(providers.id);
  const rows = await pageRows(totalNumber, filter, () =>
    db
      .select({ provider: providers, collectedAt: providerCollections.createdAt })
      .from(providers)
      .leftJoin(providerCollections, joined)
      .where(where)
      .orderBy(sortColumn, direction(providers.id)),
  );
  const statuses = await latestApplicationStatuses(
    db,
    designerId,
    rows.map((row) => row.provider.id),
  );
  return {
    dataList: rows.map(({ provider, collectedAt }) => ({
      id: provider.id,
      name: provider.name,
      kind: provider.kind,
      logo: provider.logo,
      cityCode: provider.cityCode,
      cityName: cityDisplayName(provider.cityCode),
      description: provider.description,
      styles: provider.styles,
      collected: collectedAt !== null,
      collectedAt: collectedAt ? toWireDateTime(collectedAt) : null,
      applicationStatus: statuses.get(provider.id) ?? null,
    })),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, filter.pageSize),
  };
}

export async function providerById(db: Database, id: number): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(providers).where(eq(providers.id, id));
  return row;
}

/** One provider as the list answers it; unknown: 40400. */
export async function getProvider(db: Database, designerId: number, id: number): Promise<Provider> {
  const row = await providerById(db, id);
  if (!row) throw notFound();
  const [collection] = await db
    .select({ createdAt: providerCollections.createdAt })
    .from(providerCollections)
    .where(and(eq(providerCollections.designerId, designerId), eq(providerCollections.providerId, id)));
  const statuses = await latestApplicationStatuses(db, designerId, [id]);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    logo: row.logo,
    cityCode: row.cityCode,
    cityName: cityDisplayName(row.cityCode),
    description: row.description,
    styles: row.styles,
    collected: collection !== undefined,
    collectedAt: collection ? toWireDateTime(collection.createdAt) : null,
    applicationStatus: statuses.get(id) ?? null,
  };
}

/** `POST /providers/:id/collect`: idempotent; unknown provider 40400. */
export async function collectProvider(
  db: Database,
  designerId: number,
  id: number,
  now: Date,
): Promise<Provider> {
  if (!(await providerById(db, id))) throw notFound();
  await db
    .insert(providerCollections)
    .values({ designerId, providerId: id, createdAt: now })
    .onConflictDoNothing();
  return getProvider(db, designerId, id);
}

/** `DELETE /providers/:id/collect`: idempotent; unknown provider 40400. */
export async function uncollectProvider(db: Database, designerId: number, id: number): Promise<Provider> {
  if (!(await providerById(db, id))) throw notFound();
  await db
    .delete(providerCollections)
    .where(and(eq(providerCollections.designerId, designerId), eq(providerCollections.providerId, id)));
  return getProvider(db, designerId, id);
}
