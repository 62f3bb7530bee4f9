import {
  APPLICATION_IMAGE_MAX_MB,
  APPLICATION_IMAGE_TYPES,
  APPLICATION_PORTFOLIO_MAX,
  APPLICATION_PORTFOLIO_MIN,
  type ApplicationDetail,
  type ApplicationStatus,
  type ApplicationSummary,
  type ApplysubDetail,
  type ApplysubInfo,
  type Bank,
  citiesOf,
  cityDisplayName,
  ErrorCode,
  type exclusiveApplicationBodySchema,
  findRegion,
  idTypeLabels,
  idTypes,
  type ListPage,
  type Provider,
  type ProviderBrief,
  provinces,
  REJECT_REASON_MAX,
  type Region,
  STATEMENT_MAX,
  STATEMENT_MIN,
} from '@dc/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  designerProfiles,
  designers,
  exclusiveApplications,
  providerCollections,
  providers,
} from '../../db/schema/index.ts';
import { containsText, lockDesigner } from '../../db/sql-helpers.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { fieldFailure, invalidField, uniqueViolation } from '../../http/failures.ts';
import { pageRows, singlePage, totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { designerPrefix } from '../../oss/index.ts';
import { type ImageCheckCtx, imageKeyOfUrl, keptImageUrls } from '../image-files/index.ts';
import { createNotification } from '../notifications/index.ts';
import bankList from './banks.json' with { type: 'json' };

// ---------------------------------------------------------------------------------------------
// Banks and bank cities (shipped reference data)

export const BANKS: readonly Bank[] = bankList;

export const findBank = (code: string): Bank | undefined => BANKS.find((bank) => bank.code === code);

/** `getBanks`: banks whose code, name or short name contains `keyword` (any case). */
export function listBanks(query: {
  keyword?: string | undefined;
  page: number;
  pageSize: number;
}): ListPage<Bank> {
  const keyword = query.keyword?.toLowerCase() ?? '';
  const matches = keyword
    ? BANKS.filter((bank) =>
        [bank.code, bank.name, bank.shortName].some((field) => field.toLowerCase().includes(keyword)),
      )
    : [...BANKS];
  const start = (query.page - 1) * query.pageSize;
  return {
    dataList: matches.slice(start, start + query.pageSize),
    totalNumber: matches.length,
    totalPages: totalPagesOf(matches.length, query.pageSize),
  };
}

/** `getBankCitys`: the provinces, or the cities of `province` (validated by the query schema). */
export function bankCities(query: { province?: string | undefined }): ListPage<Region> {
  const list = query.province ? (citiesOf(query.province) ?? []) : provinces();
  return singlePage(list);
}

// ---------------------------------------------------------------------------------------------
// Providers

type ProviderRow = typeof providers.$inferSelect;

const toBrief = (row: ProviderRow): ProviderBrief => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  logo: row.logo,
  cityName: cityDisplayName(row.cityCode),
});

/** The status of the designer's latest application to each provider (all, or those of `providerIds`). */
async function latestApplicationStatuses(
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

async function providerById(db: Database, id: number): Promise<ProviderRow | undefined> {
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

// ---------------------------------------------------------------------------------------------
// Applications

type ApplicationRow = typeof exclusiveApplications.$inferSelect;
type ApplicationBody = z.output<typeof exclusiveApplicationBodySchema>;

/** `4401**********123X`: the first and last four characters. */
export const maskIdNumber = (value: string): string =>
  value.length <= 8
    ? `${value.slice(0, 2)}${'*'.repeat(Math.max(0, value.length - 2))}`
    : `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;

/** `**** 1234`. */
export const maskAccountNumber = (value: string): string => `**** ${value.slice(-4)}`;

const toSummary = (row: ApplicationRow, providerName: string): ApplicationSummary => ({
  id: row.id,
  providerId: row.providerId,
  providerName,
  status: row.status,
  rejectReason: row.rejectReason,
  realName: row.realName,
  idType: row.idType,
  idNumberMasked: maskIdNumber(row.idNumber),
  bankName: row.bankName,
  accountNumberMasked: maskAccountNumber(row.accountNumber),
  attempt: row.attempt,
  submittedAt: toWireDateTime(row.submittedAt),
  reviewedAt: row.reviewedAt ? toWireDateTime(row.reviewedAt) : null,
});

const toDetail = (row: ApplicationRow, providerName: string): ApplicationDetail => ({
  ...toSummary(row, providerName),
  idNumber: row.idNumber,
  phone: row.phone,
  bankCode: row.bankCode,
  bankProvince: row.bankProvince,
  bankProvinceName: findRegion(row.bankProvince)?.name ?? '',
  bankCity: row.bankCity,
  bankCityName: findRegion(row.bankCity)?.name ?? '',
  bankBranch: row.bankBranch,
  accountName: row.accountName,
  accountNumber: row.accountNumber,
  portfolio: row.portfolio,
  statement: row.statement,
});

/** A new application may be sent when there is none, or the latest was rejected. */
const canApply = (status: ApplicationStatus | undefined) => status === undefined || status === 'rejected';

/** Whether an address is the lasting address of one of the designer's own images. */
const isOwnImageAddress = (designerId: number) => (url: string) =>
  imageKeyOfUrl(url)?.startsWith(`${designerPrefix(designerId)}images/`) ?? false;

/** `getApplysubInfo`: the providers to apply to, the id types, the limits and a prefill. */
export async function applysubInfo(db: Database, designerId: number): Promise<ApplysubInfo> {
  const [me] = await db
    .select({
      phone: designers.phone,
      realName: designerProfiles.realName,
      portfolio: designerProfiles.portfolio,
    })
    .from(designers)
    .leftJoin(designerProfiles, eq(designerProfiles.designerId, designers.id))
    .where(eq(designers.id, designerId));
  if (!me) throw notFound();
  const rows = await db.select().from(providers).orderBy(asc(providers.id));
  const statuses = await latestApplicationStatuses(db, designerId);
  return {
    providers: rows.map((row) => ({
      ...toBrief(row),
      applicationStatus: statuses.get(row.id) ?? null,
      canApply: canApply(statuses.get(row.id)),
    })),
    idTypes: idTypes.map((value) => ({ value, label: idTypeLabels[value] })),
    portfolio: {
      min: APPLICATION_PORTFOLIO_MIN,
      max: APPLICATION_PORTFOLIO_MAX,
      accept: [...APPLICATION_IMAGE_TYPES],
      maxSizeMb: APPLICATION_IMAGE_MAX_MB,
    },
    statement: { min: STATEMENT_MIN, max: STATEMENT_MAX },
    prefill: {
      realName: me.realName ?? '',
      phone: me.phone ?? '',
      // Only the profile's uploaded pieces: an outside picture there would be refused on sending.
      portfolio: (me.portfolio ?? [])
        .filter(isOwnImageAddress(designerId))
        .slice(0, APPLICATION_PORTFOLIO_MAX),
    },
  };
}

/** `yiDesigner/applysubDetail?provider_id=`: the latest application to the provider and the earlier ones. */
export async function applysubDetail(
  db: Database,
  designerId: number,
  providerId: number,
): Promise<ApplysubDetail> {
  const provider = await providerById(db, providerId);
  if (!provider) throw notFound();
  const rows = await db
    .select()
    .from(exclusiveApplications)
    .where(
      and(eq(exclusiveApplications.designerId, designerId), eq(exclusiveApplications.providerId, providerId)),
    )
    .orderBy(desc(exclusiveApplications.submittedAt), desc(exclusiveApplications.id));
  const [current, ...earlier] = rows;
  return {
    provider: toBrief(provider),
    current: current ? toDetail(current, provider.name) : null,
    history: earlier.map((row) => toSummary(row, provider.name)),
    canSubmit: canApply(current?.status),
  };
}

export interface ApplicationListFilter {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
  status?: ApplicationStatus | undefined;
  providerId?: number | undefined;
}

/** `GET /exclusive-applications`: the designer's applications, newest first. */
export async function listApplications(
  db: Database,
  designerId: number,
  filter: ApplicationListFilter,
): Promise<ListPage<ApplicationSummary>> {
  const where = and(
    eq(exclusiveApplications.designerId, designerId),
    filter.status ? eq(exclusiveApplications.status, filter.status) : undefined,
    filter.providerId ? eq(exclusiveApplications.providerId, filter.providerId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(exclusiveApplications).where(where);
  const totalNumber = total?.n ?? 0;
  const direction = filter.order === 'asc' ? asc : desc;
  const rows = await pageRows(totalNumber, filter, () =>
    db
      .select({ application: exclusiveApplications, providerName: providers.name })
      .from(exclusiveApplications)
      .innerJoin(providers, eq(providers.id, exclusiveApplications.providerId))
      .where(where)
      .orderBy(direction(exclusiveApplications.submittedAt), direction(exclusiveApplications.id)),
  );
  return {
    dataList: rows.map((row) => toSummary(row.application, row.providerName)),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, filter.pageSize),
  };
}

const pendingConflict = () =>
  fieldFailure(ErrorCode.conflict, 'providerId', exclusiveMessages.applicationPending);
const approvedConflict = () =>
  fieldFailure(ErrorCode.conflict, 'providerId', exclusiveMessages.alreadyExclusive);

/**
 * The application's portfolio as the row keeps it: only pictures the designer uploaded (issue 4:
 * designers upload their pieces, a provider reviews what the designer owns), each by its lasting
 * address; an outside address or another designer's image is 40000 on `portfolio.N`.
 */
export async function keepApplicationImages(
  ctx: ImageCheckCtx,
  body: ApplicationBody,
): Promise<ApplicationBody> {
  return { ...body, portfolio: await keptImageUrls(ctx, body.portfolio, 'portfolio', 'uploads') };
}

/**
 * `POST /exclusive-applications`: a first application, or a new one after a rejection (attempt
 * + 1). Pending or approved already: 40900. Unknown provider: 40400 on providerId. Unknown
 * bank: 40000 on bankCode.
 */
export async function submitApplication(
  db: Database,
  designerId: number,
  body: ApplicationBody,
  now: Date,
): Promise<ApplicationDetail> {
  const bank = findBank(body.bankCode);
  if (!bank) throw invalidField('bankCode', exclusiveMessages.unknownBank);
  try {
    return await db.transaction(async (tx) => {
      const provider = await providerById(tx, body.providerId);
      if (!provider) throw fieldFailure(ErrorCode.notFound, 'providerId', exclusiveMessages.noSuchProvider);
      await lockDesigner(tx, designerId);
      const [latest] = await tx
        .select({ status: exclusiveApplications.status, attempt: exclusiveApplications.attempt })
        .from(exclusiveApplications)
        .where(
          and(
            eq(exclusiveApplications.designerId, designerId),
            eq(exclusiveApplications.providerId, provider.id),
          ),
        )
        .orderBy(desc(exclusiveApplications.submittedAt), desc(exclusiveApplications.id))
        .limit(1);
      if (latest?.status === 'pending') throw pendingConflict();
      if (latest?.status === 'approved') throw approvedConflict();
      const [row] = await tx
        .insert(exclusiveApplications)
        .values({
          designerId,
          providerId: provider.id,
          status: 'pending',
          attempt: (latest?.attempt ?? 0) + 1,
          realName: body.realName,
          idType: body.idType,
          idNumber: body.idNumber,
          phone: body.phone,
          bankCode: bank.code,
          bankName: bank.name,
          bankProvince: body.bankProvince,
          bankCity: body.bankCity,
          bankBranch: body.bankBranch,
          accountName: body.accountName,
          accountNumber: body.accountNumber,
          portfolio: body.portfolio,
          statement: body.statement,
          submittedAt: now,
        })
        .returning();
      return toDetail(row!, provider.name);
    });
  } catch (error) {
    // Two submissions at once: the partial unique index lets one through.
    if (uniqueViolation(error) !== undefined) throw pendingConflict();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The platform's side (operator CLI)

export interface ApplicationAdminRow {
  id: number;
  designerId: number;
  account: string;
  providerName: string;
  status: ApplicationStatus;
  attempt: number;
  realName: string;
  submittedAt: Date;
  reviewedAt: Date | null;
  rejectReason: string | null;
}

/** Every designer's applications, oldest first (the review queue), optionally by status. */
export async function listAllApplications(
  db: Database,
  status?: ApplicationStatus,
): Promise<ApplicationAdminRow[]> {
  return db
    .select({
      id: exclusiveApplications.id,
      designerId: exclusiveApplications.designerId,
      account: designers.account,
      providerName: providers.name,
      status: exclusiveApplications.status,
      attempt: exclusiveApplications.attempt,
      realName: exclusiveApplications.realName,
      submittedAt: exclusiveApplications.submittedAt,
      reviewedAt: exclusiveApplications.reviewedAt,
      rejectReason: exclusiveApplications.rejectReason,
    })
    .from(exclusiveApplications)
    .innerJoin(designers, eq(designers.id, exclusiveApplications.designerId))
    .innerJoin(providers, eq(providers.id, exclusiveApplications.providerId))
    .where(status ? eq(exclusiveApplications.status, status) : undefined)
    .orderBy(asc(exclusiveApplications.submittedAt), asc(exclusiveApplications.id));
}

/**
 * The platform's review: only a pending application can be approved or rejected (a reason is
 * required to reject). The decision, its time and the reason are stored and the designer is
 * notified, in one transaction. Unknown id: 40400; not pending: 40900.
 */
export async function reviewApplication(
  db: Database,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  now: Date,
): Promise<{ application: ApplicationRow; providerName: string }> {
  const reason = decision.approve ? null : decision.reason.trim();
  if (reason !== null && (reason.length === 0 || reason.length > REJECT_REASON_MAX)) {
    throw invalidField('reason', message(exclusiveMessages.reasonLength, { max: REJECT_REASON_MAX }));
  }
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ application: exclusiveApplications, providerName: providers.name })
      .from(exclusiveApplications)
      .innerJoin(providers, eq(providers.id, exclusiveApplications.providerId))
      .where(eq(exclusiveApplications.id, id));
    if (!found) throw notFound(message(exclusiveMessages.noSuchApplication, { id }));
    const [row] = await tx
      .update(exclusiveApplications)
      .set({ status: decision.approve ? 'approved' : 'rejected', reviewedAt: now, rejectReason: reason })
      .where(and(eq(exclusiveApplications.id, id), eq(exclusiveApplications.status, 'pending')))
      .returning();
    if (!row) {
      throw new ApiError(
        ErrorCode.conflict,
        message(exclusiveMessages.onlyPendingReviewed, { id, status: found.application.status }),
      );
    }
    await createNotification(tx, row.designerId, {
      type: 'contract',
      quality: decision.approve ? 'middle' : 'high',
      content: decision.approve
        ? `恭喜！您成为「${found.providerName}」专属设计师的申请已通过`
        : `您成为「${found.providerName}」专属设计师的申请未通过：${reason}。修改后可重新提交`,
    });
    return { application: row, providerName: found.providerName };
  });
}

import { message } from '../../http/messages.ts';
import { exclusiveMessages } from './messages.ts';
