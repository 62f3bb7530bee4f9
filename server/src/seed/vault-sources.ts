import { SETTLEMENT_DAYS } from '@dc/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  boutiqueOrders,
  coursePurchases,
  courses,
  type ledgerEntries,
  partnerCompanies,
  partnerDividends,
  platformUsers,
  products,
  videoDailyStats,
  videos,
} from '../db/schema/index.ts';
import { platformFeeOf } from '../modules/boutique/index.ts';
import { businessDayStart, DAY_MS, HOUR_MS } from '../time/business-day.ts';
import { seededRandom } from './random.ts';

export type LedgerRow = typeof ledgerEntries.$inferInsert;

/** Refund times come from their own stream, so the other areas' figures stay what they are. */
const REFUND_SEED = 20151009;
/**
 * Video rewards: viewers' tips on demo's videos are paid out weekly per video, on the Monday
 * after the week (10:00 Asia/Shanghai), at ¥50 per 1,000 plays of that week in `video_daily_stats`.
 */
export const VIDEO_REWARD_FEN_PER_VIEW = 5;

type Source = Pick<LedgerRow, 'sourceType' | 'sourceId' | 'sourceTitle'>;

/**
 * An income entry by the vault's rules: the platform fee (10 %, as live orders pay it), pending
 * for SETTLEMENT_DAYS after it is earned, then available (settled at its due time).
 */
function incomeEntry(
  designerId: number,
  kind: 'course_sale' | 'boutique_sale' | 'video_reward' | 'partner_dividend',
  input: Source & { amount: number; title: string; buyer: string | null; at: Date; now: Date },
): LedgerRow {
  const fee = platformFeeOf(input.amount);
  const due = new Date(input.at.getTime() + SETTLEMENT_DAYS * DAY_MS);
  const settled = due.getTime() <= input.now.getTime();
  return {
    designerId,
    kind,
    amount: input.amount,
    fee,
    net: input.amount - fee,
    state: settled ? 'available' : 'pending',
    title: input.title.slice(0, 128),
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    sourceTitle: input.sourceTitle?.slice(0, 128) ?? null,
    buyer: input.buyer?.slice(0, 64) || null,
    createdAt: input.at,
    settleDueAt: due,
    settledAt: settled ? due : null,
  };
}

/** One course sale per purchase of the designer's courses: the price paid, when it was bought. */
export async function courseSaleEntries(db: Database, designerId: number, now: Date): Promise<LedgerRow[]> {
  const rows = await db
    .select({
      courseId: courses.id,
      title: courses.title,
      pricePaid: coursePurchases.pricePaid,
      boughtAt: coursePurchases.boughtAt,
      buyer: platformUsers.nickname,
    })
    .from(coursePurchases)
    .innerJoin(courses, eq(courses.id, coursePurchases.courseId))
    .innerJoin(platformUsers, eq(platformUsers.id, coursePurchases.buyerId))
    .where(and(eq(courses.designerId, designerId), gt(coursePurchases.pricePaid, 0)))
    .orderBy(asc(coursePurchases.boughtAt), asc(coursePurchases.id));
  return rows.map((row) =>
    incomeEntry(designerId, 'course_sale', {
      amount: row.pricePaid,
      title: row.title,
      sourceType: 'course',
      sourceId: row.courseId,
      sourceTitle: row.title,
      buyer: row.buyer,
      at: row.boughtAt,
      now,
    }),
  );
}

/**
 * One boutique sale per order (its total, when it was placed). A refunded order's sale is
 * 'refunded' and is cancelled by a refund entry (amount, fee and net negated) 1–5 days later.
 */
export async function boutiqueSaleEntries(db: Database, designerId: number, now: Date): Promise<LedgerRow[]> {
  const random = seededRandom(REFUND_SEED);
  const rows = await db
    .select({
      productId: products.id,
      title: products.title,
      total: boutiqueOrders.total,
      state: boutiqueOrders.state,
      buyer: boutiqueOrders.buyerName,
      createdAt: boutiqueOrders.createdAt,
    })
    .from(boutiqueOrders)
    .innerJoin(products, eq(products.id, boutiqueOrders.productId))
    .where(and(eq(boutiqueOrders.designerId, designerId), gt(boutiqueOrders.total, 0)))
    .orderBy(asc(boutiqueOrders.createdAt), asc(boutiqueOrders.id));
  return rows.flatMap((row) => {
    const sale = incomeEntry(designerId, 'boutique_sale', {
      amount: row.total,
      title: row.title,
      sourceType: 'product',
      sourceId: row.productId,
      sourceTitle: row.title,
      buyer: row.buyer,
      at: row.createdAt,
      now,
    });
    if (row.state !== 'refunded') return [sale];
    const refundedAt = new Date(
      Math.max(
        row.createdAt.getTime(),
        Math.min(now.getTime() - 60_000, row.createdAt.getTime() + random.int(24, 120) * HOUR_MS),
      ),
    );
    const refund: LedgerRow = {
      ...sale,
      kind: 'refund',
      amount: -sale.amount,
      fee: -sale.fee!,
      net: -sale.net,
      state: 'refunded',
      title: `退款 · ${row.title}`.slice(0, 128),
      createdAt: refundedAt,
      settleDueAt: null,
      settledAt: refundedAt,
    };
    return [{ ...sale, state: 'refunded', settledAt: refundedAt }, refund];
  });
}

/** Weekly video rewards from the plays of `video_daily_stats` (VIDEO_REWARD_FEN_PER_VIEW). */
export async function videoRewardEntries(db: Database, designerId: number, now: Date): Promise<LedgerRow[]> {
  // The Monday of the day's ISO week, as a date (date − integer is a date on every PostgreSQL).
  const week = sql<string>`to_char(${videoDailyStats.day} - (extract(isodow from ${videoDailyStats.day})::int - 1), 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      videoId: videos.id,
      title: videos.title,
      week,
      views: sql<string>`sum(${videoDailyStats.views})`,
    })
    .from(videoDailyStats)
    .innerJoin(videos, eq(videos.id, videoDailyStats.videoId))
    .where(eq(videoDailyStats.designerId, designerId))
    .groupBy(videos.id, videos.title, week)
    .orderBy(week, asc(videos.id));
  return rows.flatMap((row) => {
    const paidAt = new Date(businessDayStart(row.week).getTime() + 10 * HOUR_MS + 7 * DAY_MS);
    const amount = Number(row.views) * VIDEO_REWARD_FEN_PER_VIEW;
    if (amount <= 0 || paidAt.getTime() > now.getTime()) return [];
    return [
      incomeEntry(designerId, 'video_reward', {
        amount,
        title: row.title,
        sourceType: 'video',
        sourceId: row.videoId,
        sourceTitle: row.title,
        buyer: null,
        at: paidAt,
        now,
      }),
    ];
  });
}

/** One partner dividend per paid dividend row, when it was paid. */
export async function partnerDividendEntries(
  db: Database,
  designerId: number,
  now: Date,
): Promise<LedgerRow[]> {
  const rows = await db
    .select({
      companyId: partnerCompanies.id,
      name: partnerCompanies.name,
      period: partnerDividends.period,
      amount: partnerDividends.amount,
      paidAt: partnerDividends.paidAt,
    })
    .from(partnerDividends)
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, partnerDividends.companyId))
    .where(and(eq(partnerDividends.designerId, designerId), eq(partnerDividends.state, 'paid')))
    .orderBy(asc(partnerDividends.paidAt), asc(partnerCompanies.id));
  return rows.flatMap((row) =>
    row.paidAt && row.amount > 0
      ? [
          incomeEntry(designerId, 'partner_dividend', {
            amount: row.amount,
            title: `${row.name} ${row.period} 分红`,
            sourceType: 'partner',
            sourceId: row.companyId,
            sourceTitle: row.name,
            buyer: null,
            at: row.paidAt,
            now,
          }),
        ]
      : [],
  );
}
