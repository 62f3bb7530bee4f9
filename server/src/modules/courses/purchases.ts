import {
  ErrorCode,
  type ListPage,
  type SalesTrend,
  type UserCourseItem,
  type userCourseListQuerySchema,
} from '@dc/contract';
import { and, asc, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { fanDataChanged } from '../../db/fan-data-versions.ts';
import {
  courseLessons,
  coursePurchases,
  courses,
  fanInteractions,
  fans,
  lessonCompletions,
  platformUsers,
} from '../../db/schema/index.ts';
import { containsText } from '../../db/sql-helpers.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { pageRows, totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import {
  businessDateAtOffset,
  businessDateText,
  businessDayEnd,
  businessDayStart,
  DAY_MS,
} from '../../time/business-day.ts';
import { platformFeeOf } from '../boutique/index.ts';
import { recordLedgerEntry } from '../vault/index.ts';
import { coursesMessages } from './messages.ts';
import { ownCourseItem } from './query.ts';

type UserCourseQuery = z.output<typeof userCourseListQuerySchema>;

const lessonsCompleted =
  sql<number>`(select count(*) from ${lessonCompletions} where ${lessonCompletions.purchaseId} = ${coursePurchases.id})`.mapWith(
    Number,
  );
const lessonCount =
  sql<number>`(select count(*) from ${courseLessons} where ${courseLessons.courseId} = ${coursePurchases.courseId})`.mapWith(
    Number,
  );
const progressRatio = sql`(${lessonsCompleted})::float8 / nullif(${lessonCount}, 0)`;

/** Sort expressions; `lastStudiedAt` and `progress` put the never-studied rows last either way. */
const sortOf = (query: UserCourseQuery): SQL[] => {
  const dir = query.order === 'asc' ? asc : desc;
  switch (query.sortBy) {
    case 'lastStudiedAt':
      return [sql`${coursePurchases.lastStudiedAt} ${sql.raw(query.order)} nulls last`];
    case 'pricePaid':
      return [dir(coursePurchases.pricePaid)];
    case 'progress':
      return [sql`${progressRatio} ${sql.raw(query.order)} nulls last`];
    default:
      return [dir(coursePurchases.boughtAt)];
  }
};

/**
 * `GET /user-courses`: purchases of the designer's courses, with each buyer's progress
 * (completed lessons of the course's lessons now).
 */
export async function listUserCourses(
  db: Database,
  designerId: number,
  query: UserCourseQuery,
): Promise<ListPage<UserCourseItem>> {
  const where = and(
    eq(courses.designerId, designerId),
    query.courseId ? eq(coursePurchases.courseId, query.courseId) : undefined,
    query.keyword
      ? or(containsText(platformUsers.nickname, query.keyword), containsText(courses.title, query.keyword))
      : undefined,
    query.from ? gte(coursePurchases.boughtAt, businessDayStart(query.from)) : undefined,
    query.to ? lt(coursePurchases.boughtAt, businessDayEnd(query.to)) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(coursePurchases)
    .innerJoin(courses, eq(courses.id, coursePurchases.courseId))
    .innerJoin(platformUsers, eq(platformUsers.id, coursePurchases.buyerId))
    .where(where);
  const totalNumber = total?.n ?? 0;
  const rows = await pageRows(totalNumber, query, () =>
    db
      .select({
        id: coursePurchases.id,
        buyerId: platformUsers.id,
        nickname: platformUsers.nickname,
        avatar: platformUsers.avatar,
        phone: platformUsers.phoneMasked,
        courseId: courses.id,
        courseTitle: courses.title,
        coverUrl: courses.coverUrl,
        pricePaid: coursePurchases.pricePaid,
        lessonsCompleted,
        lessonCount,
        boughtAt: coursePurchases.boughtAt,
        lastStudiedAt: coursePurchases.lastStudiedAt,
        rating: coursePurchases.rating,
      })
      .from(coursePurchases)
      .innerJoin(courses, eq(courses.id, coursePurchases.courseId))
      .innerJoin(platformUsers, eq(platformUsers.id, coursePurchases.buyerId))
      .where(where)
      .orderBy(...sortOf(query), desc(coursePurchases.id)),
  );
  return {
    dataList: rows.map((row) => ({
      id: row.id,
      buyer: { id: row.buyerId, nickname: row.nickname, avatar: row.avatar, phone: row.phone },
      course: { id: row.courseId, title: row.courseTitle, coverUrl: row.coverUrl },
      pricePaid: row.pricePaid,
      lessonsCompleted: Math.min(row.lessonsCompleted, row.lessonCount),
      lessonCount: row.lessonCount,
      boughtAt: toWireDateTime(row.boughtAt),
      lastStudiedAt: row.lastStudiedAt ? toWireDateTime(row.lastStudiedAt) : null,
      rating: row.rating,
    })),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
  };
}

/**
 * `GET /courses/:id/sales-trend`: purchases and revenue per business day over the last `days`
 * days up to `now`, every day present (zero when nothing sold).
 */
export async function salesTrend(
  db: Database,
  designerId: number,
  courseId: number,
  days: number,
  now: Date,
): Promise<SalesTrend> {
  await ownCourseItem(db, designerId, courseId);
  const today = businessDateAtOffset(now);
  const first = businessDateAtOffset(new Date(businessDayStart(today).getTime() - (days - 1) * DAY_MS));
  const day = businessDateText(coursePurchases.boughtAt);
  const rows = await db
    .select({
      day,
      sales: sql<number>`count(*)`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${coursePurchases.pricePaid}), 0)::bigint`.mapWith(Number),
    })
    .from(coursePurchases)
    .where(
      and(
        eq(coursePurchases.courseId, courseId),
        gte(coursePurchases.boughtAt, businessDayStart(first)),
        lt(coursePurchases.boughtAt, businessDayEnd(today)),
      ),
    )
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const points = Array.from({ length: days }, (_, i) => {
    const date = businessDateAtOffset(new Date(businessDayStart(first).getTime() + i * DAY_MS));
    const found = byDay.get(date);
    return { date, sales: found?.sales ?? 0, revenue: found?.revenue ?? 0 };
  });
  return {
    points,
    totalSales: points.reduce((sum, p) => sum + p.sales, 0),
    totalRevenue: points.reduce((sum, p) => sum + p.revenue, 0),
  };
}

export interface NewCoursePurchase {
  /** The course's designer: a course of someone else is 40400. */
  designerId: number;
  courseId: number;
  /** The platform user buying. */
  buyerId: number;
  /** Fen; the course's price when left out. */
  pricePaid?: number;
  at: Date;
}

/**
 * Records a platform user's purchase of an on-sale course, in one transaction: the purchase
 * row; the buyer as the designer's fan — a new fan (source `course`, linked to the user) when
 * not one yet, else the fan's total spent, order count and last activity move as a boutique
 * order moves them (boutique/orders.ts); the fan's timeline (`follow` for a new fan, `course`);
 * and the vault's `course_sale` ledger entry; the designer's `orders` data version moves (crowd
 * packs reading purchases or spending turn stale). A course that is not the designer's or a user
 * that does not exist: 40400; a course not on sale or bought before by the user: 40900; a
 * negative or fractional price: 40000 on `pricePaid`. Answers the purchase and fan ids.
 */
export async function recordCoursePurchase(
  db: Database,
  purchase: NewCoursePurchase,
): Promise<{ purchaseId: number; fanId: number; newFan: boolean }> {
  return db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: courses.id, title: courses.title, price: courses.price, status: courses.status })
      .from(courses)
      .where(and(eq(courses.id, purchase.courseId), eq(courses.designerId, purchase.designerId)))
      .for('share');
    if (!course) throw notFound(coursesMessages.noSuchCourse);
    if (course.status !== 'on_sale') throw new ApiError(ErrorCode.conflict, coursesMessages.notOnSale);
    const [buyer] = await tx.select().from(platformUsers).where(eq(platformUsers.id, purchase.buyerId));
    if (!buyer) throw notFound(coursesMessages.noSuchUser);
    const pricePaid = purchase.pricePaid ?? course.price;
    if (!Number.isInteger(pricePaid) || pricePaid < 0) {
      throw invalidField('pricePaid', coursesMessages.pricePaidFen);
    }
    const [bought] = await tx
      .insert(coursePurchases)
      .values({ courseId: course.id, buyerId: buyer.id, pricePaid, boughtAt: purchase.at })
      .onConflictDoNothing()
      .returning({ id: coursePurchases.id });
    if (!bought) throw new ApiError(ErrorCode.conflict, coursesMessages.boughtAlready);
    // One statement whichever comes first: a concurrent purchase by the same user waits on the
    // (designer, platform user) key and then adds to the row the other one made.
    const at = sql`${purchase.at.toISOString()}::timestamptz`;
    const [fan] = await tx
      .insert(fans)
      .values({
        designerId: purchase.designerId,
        nickname: buyer.nickname.slice(0, 32),
        avatar: buyer.avatar.slice(0, 1000),
        gender: 'unknown',
        cityCode: '',
        source: 'course',
        followedAt: purchase.at,
        lastActiveAt: purchase.at,
        totalSpent: pricePaid,
        orderCount: 1,
        platformUserId: buyer.id,
        createdAt: purchase.at,
        updatedAt: purchase.at,
      })
      .onConflictDoUpdate({
        target: [fans.designerId, fans.platformUserId],
        set: {
          totalSpent: sql`${fans.totalSpent} + ${pricePaid}`,
          orderCount: sql`${fans.orderCount} + 1`,
          lastActiveAt: sql`greatest(${fans.lastActiveAt}, ${at})`,
          updatedAt: sql`greatest(${fans.updatedAt}, ${at})`,
        },
      })
      .returning({ id: fans.id, newFan: sql<boolean>`(xmax = 0)` });
    const timeline = [
      ...(fan!.newFan ? [{ fanId: fan!.id, kind: 'follow', text: '购买课程后关注', at: purchase.at }] : []),
      { fanId: fan!.id, kind: 'course', text: `购买课程《${course.title}》`.slice(0, 200), at: purchase.at },
    ];
    await tx.insert(fanInteractions).values(timeline);
    if (pricePaid > 0) {
      await recordLedgerEntry(tx, {
        designerId: purchase.designerId,
        kind: 'course_sale',
        amount: pricePaid,
        fee: platformFeeOf(pricePaid),
        title: course.title,
        sourceType: 'course',
        sourceId: course.id,
        sourceTitle: course.title,
        buyer: buyer.nickname.slice(0, 64) || null,
        createdAt: purchase.at,
      });
    }
    await fanDataChanged(tx, purchase.designerId, 'orders');
    return { purchaseId: bought.id, fanId: fan!.id, newFan: fan!.newFan };
  });
}
