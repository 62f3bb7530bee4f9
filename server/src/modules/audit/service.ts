import type { AuditEvent, auditEventQuerySchema, ListPage } from '@dc/contract';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AuditEventRow, auditEvents } from '../../db/schema/index.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { businessDayEnd, businessDayStart } from '../../time/business-day.ts';

type Query = z.output<typeof auditEventQuerySchema>;

const toWire = (row: AuditEventRow): AuditEvent => ({
  id: row.id,
  action: row.action as AuditEvent['action'],
  actor: row.actor as AuditEvent['actor'],
  targetType: row.targetType,
  targetId: row.targetId,
  summary: row.summary,
  clientIp: row.clientIp,
  userAgent: row.userAgent,
  occurredAt: toWireDateTime(row.occurredAt),
});

/** `GET /audit-events`: the designer's own events, newest first, by action and business days. */
export async function listAuditEvents(
  db: Database,
  designerId: number,
  query: Query,
): Promise<ListPage<AuditEvent>> {
  const conditions: SQL[] = [eq(auditEvents.designerId, designerId)];
  if (query.action) conditions.push(eq(auditEvents.action, query.action));
  if (query.from) conditions.push(gte(auditEvents.occurredAt, businessDayStart(query.from)));
  if (query.to) {
    conditions.push(lt(auditEvents.occurredAt, businessDayEnd(query.to)));
  }
  const where = and(...conditions);
  const order = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(order(auditEvents.occurredAt), order(auditEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  const totalNumber = total?.n ?? 0;
  return { dataList: rows.map(toWire), totalNumber, totalPages: totalPagesOf(totalNumber, query.pageSize) };
}
