import {
  type ListPage,
  type NotificationInput,
  type NotificationItem,
  notificationInputSchema,
  type ReadAllAnswer,
} from '@dc/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { notFound, validationError } from '../../http/api-error.ts';
import { issueWording } from '../../http/issue-wording.ts';
import { pageRows, totalPagesOf } from '../../http/list-page.ts';
import { UNWORDED_ISSUE } from '../../http/validator-compiler.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { publishSignal } from './events.ts';

type Row = typeof notifications.$inferSelect;

/** The wire item of spec section 3: `status` true = unread, `date` to the minute. */
export function toWire(row: Row): NotificationItem {
  return {
    id: row.id,
    content: row.content,
    type: row.type,
    status: row.unread,
    collected: row.collected,
    date: toWireDateTime(row.createdAt).slice(0, 16),
    quality: row.quality,
  };
}

/**
 * Stores a notification for a designer and announces it to that designer's open consoles (on
 * commit, when `db` is a transaction). Other modules and the seed call this. Bad input: 40000.
 */
export async function createNotification(
  db: Database,
  designerId: number,
  input: NotificationInput,
  options: { createdAt?: Date } = {},
): Promise<NotificationItem> {
  const parsed = notificationInputSchema.safeParse(input, { error: () => UNWORDED_ISSUE });
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map(({ path: at, code, message, ...params }) => {
        const path = at.join('.') || 'input';
        return { path, message: issueWording(path, { keyword: code, message, params }) };
      }),
    );
  }
  const [row] = await db
    .insert(notifications)
    .values({ designerId, ...parsed.data, ...(options.createdAt ? { createdAt: options.createdAt } : {}) })
    .returning();
  const item = toWire(row!);
  await publishSignal(db, { designerId, notification: item });
  return item;
}

export interface ListFilter {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
  type?: NotificationItem['type'] | undefined;
  status: 'unread' | 'read' | 'all';
  collected?: boolean | undefined;
}

/** The designer's notifications, newest first unless `order=asc`, filtered and paged. */
export async function listNotifications(
  db: Database,
  designerId: number,
  filter: ListFilter,
): Promise<ListPage<NotificationItem>> {
  const conditions: SQL[] = [eq(notifications.designerId, designerId)];
  if (filter.type) conditions.push(eq(notifications.type, filter.type));
  if (filter.status !== 'all') conditions.push(eq(notifications.unread, filter.status === 'unread'));
  if (filter.collected !== undefined) conditions.push(eq(notifications.collected, filter.collected));
  const where = and(...conditions);
  const direction = filter.order === 'asc' ? asc : desc;

  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const totalNumber = total?.n ?? 0;
  const rows = await pageRows(totalNumber, filter, () =>
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(direction(notifications.createdAt), direction(notifications.id)),
  );
  return {
    dataList: rows.map(toWire),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, filter.pageSize),
  };
}

export async function countUnread(db: Database, designerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.designerId, designerId), eq(notifications.unread, true)));
  return row?.n ?? 0;
}

/** Applies `change` to one of the designer's own notifications; another's id is 40400. */
async function updateOwn(
  db: Database,
  designerId: number,
  id: number,
  change: Partial<Pick<Row, 'unread' | 'collected'>>,
): Promise<NotificationItem> {
  const [row] = await db
    .update(notifications)
    .set(change)
    .where(and(eq(notifications.id, id), eq(notifications.designerId, designerId)))
    .returning();
  if (!row) throw notFound();
  return toWire(row);
}

/** Spec section 4: unread → read. Marking a read one again changes nothing. */
export async function markRead(db: Database, designerId: number, id: number): Promise<NotificationItem> {
  const item = await updateOwn(db, designerId, id, { unread: false });
  await publishSignal(db, { designerId });
  return item;
}

export async function markAllRead(db: Database, designerId: number): Promise<ReadAllAnswer> {
  const rows = await db
    .update(notifications)
    .set({ unread: false })
    .where(and(eq(notifications.designerId, designerId), eq(notifications.unread, true)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await publishSignal(db, { designerId });
  return { updated: rows.length, unread: await countUnread(db, designerId) };
}

export function setCollected(
  db: Database,
  designerId: number,
  id: number,
  collected: boolean,
): Promise<NotificationItem> {
  return updateOwn(db, designerId, id, { collected });
}

export async function deleteNotification(db: Database, designerId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.designerId, designerId)))
    .returning({ unread: notifications.unread });
  if (!row) throw notFound();
  if (row.unread) await publishSignal(db, { designerId });
}
