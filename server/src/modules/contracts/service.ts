import {
  type ContractDetail,
  type ContractEvent,
  type ContractItem,
  type ContractRelative,
  type ContractStatusValue,
  ContractType,
  type ContractTypeValue,
  type contractCreateBodySchema,
  contractStatusLabels,
  contractTransitions,
  type DirectionValue,
  ErrorCode,
  type Language,
  type ListPage,
  type NotificationQuality,
} from '@dc/contract';
import { and, asc, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { contractEvents, contracts, designers, providers } from '../../db/schema/index.ts';
import { containsText } from '../../db/sql-helpers.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { fieldFailure, invalidField } from '../../http/failures.ts';
import { pageRows, totalPagesOf } from '../../http/list-page.ts';
import { message } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { businessDayCompact, businessDayEnd, businessDayStart } from '../../time/business-day.ts';
import { createNotification } from '../notifications/index.ts';
import { contractsMessages } from './messages.ts';

type ContractRow = typeof contracts.$inferSelect;
type EventRow = typeof contractEvents.$inferSelect;
type CreateBody = z.output<typeof contractCreateBodySchema>;

/** What the platform is called on a timeline. */
export const PLATFORM_ACTOR = '平台';
/** A platform note (audit reason…) is at most this long, so that it fits the notification. */
export const PLATFORM_NOTE_MAX = 200;

const statusOf = (value: number) => value as ContractStatusValue;

const toItem = (row: ContractRow, providerName: string): ContractItem => ({
  id: row.id,
  code: row.code,
  title: row.title,
  providerId: row.providerId,
  providerName,
  type: row.type as ContractTypeValue,
  direction: row.direction as DirectionValue,
  amount: row.amount,
  status: statusOf(row.status),
  startDate: row.startDate,
  endDate: row.endDate,
  parentId: row.parentId,
  attachmentCount: row.attachments.length,
  createdAt: toWireDateTime(row.createdAt),
  updatedAt: toWireDateTime(row.updatedAt),
});

const toRelative = (row: ContractRow): ContractRelative => ({
  id: row.id,
  code: row.code,
  title: row.title,
  type: row.type as ContractTypeValue,
  status: statusOf(row.status),
  amount: row.amount,
});

const toEvent = (row: EventRow): ContractEvent => ({
  id: row.id,
  kind: row.kind,
  actor: row.actor,
  actorName: row.actorName,
  note: row.note,
  fromStatus: row.fromStatus === null ? null : statusOf(row.fromStatus),
  toStatus: row.toStatus === null ? null : statusOf(row.toStatus),
  at: toWireDateTime(row.createdAt),
});

export interface ContractListFilter {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
  sortBy: 'createdAt' | 'amount' | 'startDate' | 'status';
  status?: number | undefined;
  type?: number | undefined;
  direction?: number | undefined;
  providerId?: number | undefined;
  keyword?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

const sortColumns = {
  createdAt: contracts.createdAt,
  amount: contracts.amount,
  startDate: contracts.startDate,
  status: contracts.status,
} as const;

/** `GET /contracts`: the designer's contracts, filtered, sorted and paged. */
export async function listContracts(
  db: Database,
  designerId: number,
  filter: ContractListFilter,
): Promise<ListPage<ContractItem>> {
  const conditions: (SQL | undefined)[] = [eq(contracts.designerId, designerId)];
  if (filter.status !== undefined) conditions.push(eq(contracts.status, filter.status));
  if (filter.type !== undefined) conditions.push(eq(contracts.type, filter.type));
  if (filter.direction !== undefined) conditions.push(eq(contracts.direction, filter.direction));
  if (filter.providerId !== undefined) conditions.push(eq(contracts.providerId, filter.providerId));
  if (filter.keyword) {
    conditions.push(
      or(containsText(contracts.title, filter.keyword), containsText(contracts.code, filter.keyword)),
    );
  }
  if (filter.dateFrom) conditions.push(gte(contracts.createdAt, businessDayStart(filter.dateFrom)));
  if (filter.dateTo) conditions.push(lt(contracts.createdAt, businessDayEnd(filter.dateTo)));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(contracts).where(where);
  const totalNumber = total?.n ?? 0;
  const direction = filter.order === 'asc' ? asc : desc;
  const rows = await pageRows(totalNumber, filter, () =>
    db
      .select({ contract: contracts, providerName: providers.name })
      .from(contracts)
      .innerJoin(providers, eq(providers.id, contracts.providerId))
      .where(where)
      .orderBy(direction(sortColumns[filter.sortBy]), direction(contracts.id)),
  );
  return {
    dataList: rows.map((row) => toItem(row.contract, row.providerName)),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, filter.pageSize),
  };
}

/** `GET /contracts/:id`: one of the designer's contracts with its relatives and timeline; else 40400. */
export async function getContract(db: Database, designerId: number, id: number): Promise<ContractDetail> {
  const [found] = await db
    .select({ contract: contracts, providerName: providers.name })
    .from(contracts)
    .innerJoin(providers, eq(providers.id, contracts.providerId))
    .where(and(eq(contracts.id, id), eq(contracts.designerId, designerId)));
  if (!found) throw notFound();
  const { contract } = found;
  const [parent] = contract.parentId
    ? await db
        .select()
        .from(contracts)
        .where(and(eq(contracts.id, contract.parentId), eq(contracts.designerId, designerId)))
    : [];
  const children = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.parentId, contract.id), eq(contracts.designerId, designerId)))
    .orderBy(asc(contracts.createdAt), asc(contracts.id));
  const events = await db
    .select()
    .from(contractEvents)
    .where(eq(contractEvents.contractId, contract.id))
    .orderBy(asc(contractEvents.createdAt), asc(contractEvents.id));
  return {
    ...toItem(contract, found.providerName),
    remark: contract.remark,
    attachments: contract.attachments.map(({ name, url }) => ({ name, url })),
    parent: parent ? toRelative(parent) : null,
    children: children.map(toRelative),
    timeline: events.map(toEvent),
  };
}

/**
 * `POST /contracts`: the contract goes straight to pending audit, with the timeline events
 * created and submitted. A sub-contract or supplement belongs to one of the designer's main
 * contracts with the same provider that did not fail audit. Its attachments are what
 * `keptAttachments` keeps (for a designer's request: their own uploads, attachments.ts).
 */
export async function createContract(
  db: Database,
  designerId: number,
  body: CreateBody,
  now: Date,
  /** The attachments as kept, or a 40000 naming the one refused (`ownAttachments` for a request). */
  keptAttachments: (
    attachments: CreateBody['attachments'],
    db: Database,
  ) => Promise<CreateBody['attachments']>,
): Promise<ContractDetail> {
  const id = await db.transaction(async (tx) => {
    const [provider] = await tx
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.id, body.providerId));
    if (!provider) throw fieldFailure(ErrorCode.notFound, 'providerId', contractsMessages.noSuchProvider);
    let parentId: number | null = null;
    if (body.type !== ContractType.main && body.parentId != null) {
      const [parent] = await tx
        .select()
        .from(contracts)
        .where(and(eq(contracts.id, body.parentId), eq(contracts.designerId, designerId)));
      if (!parent) throw fieldFailure(ErrorCode.notFound, 'parentId', contractsMessages.noSuchContract);
      if (parent.type !== ContractType.main)
        throw invalidField('parentId', contractsMessages.mustBeMainContract);
      if (parent.providerId !== provider.id) {
        throw invalidField('providerId', contractsMessages.mustBeMainProvider);
      }
      if (parent.status === contractTransitions.auditFail.to) {
        throw fieldFailure(ErrorCode.conflict, 'parentId', contractsMessages.mainContractFailed);
      }
      parentId = parent.id;
    }
    // After the ids above, so a foreign provider or parent is answered as such first.
    const attachments = await keptAttachments(body.attachments, tx);
    const [me] = await tx
      .select({ nickname: designers.nickname })
      .from(designers)
      .where(eq(designers.id, designerId));
    if (!me) throw notFound();
    const [next] = (
      (await tx.execute(sql`select nextval(pg_get_serial_sequence('contracts', 'id'))::int as id`)) as {
        rows: { id: number }[];
      }
    ).rows;
    const id = Number(next!.id);
    await tx.insert(contracts).values({
      id,
      designerId,
      providerId: provider.id,
      parentId,
      code: `HT${businessDayCompact(now)}${String(id).padStart(6, '0')}`,
      title: body.title,
      type: body.type,
      direction: body.direction,
      amount: body.amount,
      status: contractTransitions.auditPass.from,
      startDate: body.startDate,
      endDate: body.endDate,
      attachments,
      remark: body.remark,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(contractEvents).values([
      { contractId: id, kind: 'created', actor: 'designer', actorName: me.nickname, createdAt: now },
      {
        contractId: id,
        kind: 'submitted',
        actor: 'designer',
        actorName: me.nickname,
        toStatus: contractTransitions.auditPass.from,
        createdAt: now,
      },
    ]);
    return id;
  });
  return getContract(db, designerId, id);
}

// ---------------------------------------------------------------------------------------------
// The platform's side (operator CLI)

export type ContractAction = keyof typeof contractTransitions;

const actionEvent: Record<ContractAction, EventRow['kind']> = {
  auditPass: 'audited',
  auditFail: 'audited',
  execute: 'executed',
  finish: 'finished',
};

const actionNotice: Record<
  ContractAction,
  { quality: NotificationQuality; text: (title: string) => string }
> = {
  auditPass: { quality: 'middle', text: (title) => `您的合同《${title}》已审核通过` },
  auditFail: { quality: 'high', text: (title) => `合同《${title}》审核未通过` },
  execute: { quality: 'low', text: (title) => `合同《${title}》已进入执行阶段` },
  finish: { quality: 'middle', text: (title) => `合同《${title}》已完成` },
};

/** A contract by `#id`, `id` or code (`HT…`), any designer's. */
export async function findContract(db: Database, key: string): Promise<ContractRow | undefined> {
  const id = /^#?\d+$/.test(key) ? Number(key.replace('#', '')) : undefined;
  if (id !== undefined && id > 2_147_483_647) return undefined;
  const [row] = await db
    .select()
    .from(contracts)
    .where(id !== undefined ? eq(contracts.id, id) : eq(contracts.code, key.toUpperCase()));
  return row;
}

/**
 * The platform moves a contract along spec section 4: audit (1 → 2 pass, 1 → 0 fail), execute
 * (2 → 3), finish (3 → 4). Only from the right status (40900 otherwise; 40400 for an unknown
 * contract). The status, a timeline event and a notification to the designer are written in
 * one transaction.
 */
export async function transitionContract(
  db: Database,
  key: string,
  action: ContractAction,
  note: string,
  now: Date,
): Promise<{ contract: ContractRow; from: ContractStatusValue; to: ContractStatusValue }> {
  const trimmed = note.trim();
  if (trimmed.length > PLATFORM_NOTE_MAX)
    throw invalidField('note', message(contractsMessages.noteAtMost, { max: PLATFORM_NOTE_MAX }));
  const found = await findContract(db, key);
  if (!found) throw notFound(message(contractsMessages.noContractKey, { key: JSON.stringify(key) }));
  const { from, to } = contractTransitions[action];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contracts)
      .set({ status: to, updatedAt: now })
      .where(and(eq(contracts.id, found.id), eq(contracts.status, from)))
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ status: contracts.status })
        .from(contracts)
        .where(eq(contracts.id, found.id));
      // Mid-sentence, so the English label is lower case ("is 1 (pending audit)").
      const label = (status: number, lang: Language) => {
        const text = contractStatusLabels[statusOf(status)][lang];
        return lang === 'en-US' ? text.toLowerCase() : text;
      };
      const said = (lang: Language) =>
        current
          ? message(contractsMessages.contractStateRefuses, {
              code: found.code,
              status: `${current.status} (${label(current.status, lang)})`,
              from: `${from} (${label(from, lang)})`,
            })[lang]
          : message(contractsMessages.contractGone, {
              code: found.code,
              from: `${from} (${label(from, lang)})`,
            })[lang];
      throw new ApiError(ErrorCode.conflict, { 'zh-CN': said('zh-CN'), 'en-US': said('en-US') });
    }
    await tx.insert(contractEvents).values({
      contractId: row.id,
      kind: actionEvent[action],
      actor: 'platform',
      actorName: PLATFORM_ACTOR,
      note: trimmed,
      fromStatus: from,
      toStatus: to,
      createdAt: now,
    });
    const notice = actionNotice[action];
    await createNotification(tx, row.designerId, {
      type: 'contract',
      quality: notice.quality,
      content: `${notice.text(row.title)}${trimmed ? `：${trimmed}` : ''}`,
    });
    return { contract: row, from, to };
  });
}

export interface ContractAdminRow {
  id: number;
  code: string;
  account: string;
  providerName: string;
  title: string;
  type: number;
  direction: number;
  amount: number;
  status: number;
  createdAt: Date;
}

/** Every designer's contracts, oldest first, optionally by status. */
export async function listAllContracts(db: Database, status?: number): Promise<ContractAdminRow[]> {
  return db
    .select({
      id: contracts.id,
      code: contracts.code,
      account: designers.account,
      providerName: providers.name,
      title: contracts.title,
      type: contracts.type,
      direction: contracts.direction,
      amount: contracts.amount,
      status: contracts.status,
      createdAt: contracts.createdAt,
    })
    .from(contracts)
    .innerJoin(designers, eq(designers.id, contracts.designerId))
    .innerJoin(providers, eq(providers.id, contracts.providerId))
    .where(status !== undefined ? eq(contracts.status, status) : undefined)
    .orderBy(asc(contracts.createdAt), asc(contracts.id));
}
