import {
  type DesignerCourseRankMetric,
  type PeriodInput,
  type RankingPage,
  rankMovementOf,
  type ShowRankMetric,
  type UserCourseRankMetric,
} from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { totalPagesOf } from '../../http/list-page.ts';
import type { BudgetedReads } from '../../http/statistics-budget.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { instantsOf, resolvePeriod } from './period.ts';
import { num, rowsOf } from './rows.ts';

/** `(id, value)` of every item with activity in the days `start`–`end`. */
type RankSource = (start: string, end: string) => SQL;

interface RankingQuery extends PeriodInput {
  page: number;
  pageSize: number;
}

const VIDEO_VALUE: Record<ShowRankMetric, string> = {
  views: 'sum(views)',
  likes: 'sum(likes)',
  comments: 'sum(comments)',
  // Basis points of completed plays per view; integer division of integers, no floating point.
  completion: 'case when sum(views) > 0 then sum(completions) * 10000 / sum(views) else 0 end',
};

const showSource =
  (designerId: number, metric: ShowRankMetric): RankSource =>
  (start, end) =>
    sql`select video_id as id, ${sql.raw(VIDEO_VALUE[metric])} as value from video_daily_stats
        where designer_id = ${designerId} and day between ${start} and ${end} group by video_id`;

const COURSE_VALUE: Record<Exclude<DesignerCourseRankMetric, 'students'>, string> = {
  sales: 'sum(s.sales)',
  revenue: 'sum(s.revenue)',
  // Hundredths of a star, rounded half up in numeric arithmetic.
  rating:
    'case when sum(s.ratings) > 0 then round(sum(s.rating_sum)::numeric * 100 / sum(s.ratings)) else 0 end',
};

/** Lesson completions of the designer's courses in the days, with the purchase they belong to. */
const completionsIn = (designerId: number, start: string, end: string) => {
  const { from, until } = instantsOf(start, end);
  return sql`lesson_completions lc join course_purchases cp on cp.id = lc.purchase_id
             join courses c on c.id = cp.course_id
             where c.designer_id = ${designerId}
               and lc.completed_at >= ${from.toISOString()} and lc.completed_at < ${until.toISOString()}`;
};

const designerCourseSource =
  (designerId: number, metric: DesignerCourseRankMetric): RankSource =>
  (start, end) =>
    metric === 'students'
      ? // Learners: buyers who completed at least one lesson of the course in the period.
        sql`select cp.course_id as id, count(distinct cp.id) as value from ${completionsIn(designerId, start, end)}
            group by cp.course_id`
      : sql`select s.course_id as id, ${sql.raw(COURSE_VALUE[metric])} as value
            from course_daily_stats s join courses c on c.id = s.course_id
            where c.designer_id = ${designerId} and s.day between ${start} and ${end} group by s.course_id`;

const userCourseSource =
  (designerId: number, metric: UserCourseRankMetric): RankSource =>
  (start, end) => {
    if (metric === 'lessons')
      return sql`select cp.buyer_id as id, count(*) as value from ${completionsIn(designerId, start, end)}
                 group by cp.buyer_id`;
    const { from, until } = instantsOf(start, end);
    const value = sql.raw(metric === 'spent' ? 'sum(cp.price_paid)' : 'count(*)');
    return sql`select cp.buyer_id as id, ${value} as value
               from course_purchases cp join courses c on c.id = cp.course_id
               where c.designer_id = ${designerId}
                 and cp.bought_at >= ${from.toISOString()} and cp.bought_at < ${until.toISOString()}
               group by cp.buyer_id`;
  };

/** Ranks by value (largest first, ties by id) of the items whose value is above zero. */
const ranked = (source: SQL) =>
  sql`(select id, value, row_number() over (order by value desc, id) as rank
       from (${source}) v where value > 0)`;

/** `(id, title, cover)` of the items a ranking can hold, joined to the page's ids. */
type Titles = SQL;

const videoTitles = (designerId: number): Titles =>
  sql`select id, title, cover_url as cover from videos where designer_id = ${designerId}`;
const courseTitles = (designerId: number): Titles =>
  sql`select id, title, cover_url as cover from courses where designer_id = ${designerId}`;
const userTitles = (): Titles => sql`select id, nickname as title, avatar as cover from platform_users`;

interface PageRow {
  id: number;
  value: string;
  rank: string;
  previous_rank: string | null;
  previous_value: string | null;
  title: string | null;
  cover: string | null;
  total: string;
}

/**
 * A page of a ranking for the period, each item with its rank in the previous period (same
 * length, just before) and the movement between them. One statement (issue 10: it was three
 * round trips, count, page and titles): both periods ranked once, the page cut, then its
 * previous ranks and titles joined, with the number of ranked items beside each row. Only a
 * page past the end, which has no row to carry that number, asks for the count on its own.
 */
async function rankingPage(
  reads: BudgetedReads,
  source: RankSource,
  titles: Titles,
  metric: string,
  query: RankingQuery,
  now: Date,
): Promise<RankingPage> {
  const period = resolvePeriod(query, now);
  const current = ranked(source(period.start, period.end));
  const previous = ranked(source(period.previousStart, period.previousEnd));
  const offset = (query.page - 1) * query.pageSize;
  const rows = await rowsOf<PageRow>(
    reads,
    sql`with c as ${current},
             page as (select id, value, rank from c order by rank limit ${query.pageSize} offset ${offset})
        select page.id, page.value, page.rank, p.rank as previous_rank, p.value as previous_value,
               t.title, t.cover, (select count(*) from c) as total
        from page left join ${previous} p on p.id = page.id left join (${titles}) t on t.id = page.id
        order by page.rank`,
  );
  const totalNumber =
    rows.length > 0
      ? num(rows[0]!.total)
      : num(
          (await rowsOf<{ total: string }>(reads, sql`select count(*) as total from ${current} c`))[0]?.total,
        );
  return {
    dataList: rows.map((row) => {
      const rank = num(row.rank);
      const previousRank = row.previous_rank === null ? null : num(row.previous_rank);
      return {
        rank,
        previousRank,
        movement: rankMovementOf(rank, previousRank),
        id: num(row.id),
        title: row.title ?? '',
        cover: row.cover ?? '',
        value: num(row.value),
        previousValue: num(row.previous_value),
      };
    }),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
    metric,
    period,
    computedAt: toWireDateTime(now),
  };
}

export const showRanking = (
  reads: BudgetedReads,
  designerId: number,
  query: RankingQuery & { metric: ShowRankMetric },
  now: Date,
) =>
  rankingPage(reads, showSource(designerId, query.metric), videoTitles(designerId), query.metric, query, now);

export const designerCourseRanking = (
  reads: BudgetedReads,
  designerId: number,
  query: RankingQuery & { metric: DesignerCourseRankMetric },
  now: Date,
) =>
  rankingPage(
    reads,
    designerCourseSource(designerId, query.metric),
    courseTitles(designerId),
    query.metric,
    query,
    now,
  );

export const userCourseRanking = (
  reads: BudgetedReads,
  designerId: number,
  query: RankingQuery & { metric: UserCourseRankMetric },
  now: Date,
) => rankingPage(reads, userCourseSource(designerId, query.metric), userTitles(), query.metric, query, now);
