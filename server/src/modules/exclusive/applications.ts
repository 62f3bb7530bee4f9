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
  ErrorCode,
  type exclusiveApplicationBodySchema,
  findRegion,
  idTypeLabels,
  idTypes,
  type ListPage,
  STATEMENT_MAX,
  STATEMENT_MIN,
} from '@dc/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { designerProfiles, designers, exclusiveApplications, providers } from '../../db/schema/index.ts';
import { lockDesigner } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/api-error.ts';
import { fieldFailure, invalidField, uniqueViolation } from '../../http/failures.ts';
import { pageRows, totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { designerPrefix } from '../../oss/index.ts';
import { type ImageCheckCtx, imageKeyOfUrl, keptImageUrls } from '../image-files/index.ts';
import { findBank } from './banks.ts';
import { exclusiveMessages } from './messages.ts';
import { latestApplicationStatuses, providerById, toBrief } from './providers.ts';

// The designer's applications to become a provider's exclusive designer.

export type ApplicationRow = typeof exclusiveApplications.$inferSelect;
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
