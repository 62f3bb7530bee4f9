import type { LedgerSourceType, PendingSettlements, TopItems } from '@dc/contract';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerEntries as l } from '../../db/schema/index.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { addDays, businessDateText, businessDayStart } from '../../time/business-day.ts';
import { settleDueEntries } from './ledger.ts';

/** Items (course, video, product, partner) by net earned in the range, refunds of the item subtracted. */
export async function topItems(
  db: Database,
  designerId: number,
  range: { start: string; end: string; limit: number },
  now: Date,
): Promise<TopItems> {
  const title = sql<string>`coalesce(${l.sourceTitle}, ${l.title})`;
  const net = sql<string>`sum(${l.net})`;
  const rows = await db
    .select({
      sourceType: l.sourceType,
      sourceId: l.sourceId,
      title,
      net,
      entries: sql<string>`count(*)`,
    })
    .from(l)
    .where(
      and(
        eq(l.designerId, designerId),
        gte(l.createdAt, businessDayStart(range.start)),
        lt(l.createdAt, businessDayStart(addDays(range.end, 1))),
        inArray(l.kind, ['course_sale', 'boutique_sale', 'video_reward', 'partner_dividend', 'refund']),
      ),
    )
    .groupBy(l.sourceType, l.sourceId, title)
    .having(sql`sum(${l.net}) > 0`)
    .orderBy(desc(net), title)
    .limit(range.limit);
  return {
    items: rows.map((row) => ({
      sourceType: row.sourceType as LedgerSourceType | null,
      sourceId: row.sourceId,
      title: row.title,
      net: Number(row.net),
      entries: Number(row.entries),
    })),
    computedAt: toWireDateTime(now),
  };
}

/** What arrives when: pending income per business day of its settlement, soonest first. */
export async function pendingSettlements(
  db: Database,
  designerId: number,
  now: Date,
): Promise<PendingSettlements> {
  await settleDueEntries(db, designerId, now);
  const day = businessDateText(l.settleDueAt);
  const rows = await db
    .select({ day, net: sql<string>`sum(${l.net})`, entries: sql<string>`count(*)` })
    .from(l)
    .where(and(eq(l.designerId, designerId), eq(l.state, 'pending')))
    .groupBy(day)
    .orderBy(day);
  const days = rows.map((row) => ({ day: row.day, net: Number(row.net), entries: Number(row.entries) }));
  return {
    days,
    total: days.reduce((sum, d) => sum + d.net, 0),
    computedAt: toWireDateTime(now),
  };
}
