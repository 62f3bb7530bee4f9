import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { BUSINESS_ZONE_SQL } from '../time/business-day.ts';

/** Former fans of the demo designer (they unfollowed within the last 400 days). */
export const DEMO_LOST_FAN_COUNT = 1_200;

const names = (items: readonly string[]) => sql`${`{${items.map((item) => `"${item}"`).join(',')}}`}::text[]`;
const NICKNAMES = names([
  '晚风',
  '小鹿',
  '糖糖',
  'Yuki',
  '木子',
  '阿青',
  '一只猫',
  'Lily',
  '半夏',
  '橙子',
  '星河',
  'Momo',
  '南枝',
  '阿伦',
  '花卷',
  'Coco',
]);

/** A deterministic integer in [0, 2^28) from a row number and a salt (same on PGlite and PostgreSQL). */
const hash = (n: SQL, salt: number) => {
  const x0 = sql`((${n})::bigint * 2654435761 + ${sql.raw(String(salt * 7919))}) % 4294967296`;
  const x1 = sql`((((${x0}) # ((${x0}) >> 15)) * 73244475) % 4294967296)`;
  return sql`((((${x1}) # ((${x1}) >> 13)) % 268435456)::int)`;
};

/**
 * Demo data of 数据分析, set-based: former fans (`fan_unfollows`, for the lost-fans card and
 * list) and a daily play record of every published video since it was published
 * (`video_daily_stats`, for the show ranking). Course purchases, boutique orders, fans and the
 * ledger are seeded by their areas; the rollups follow them through the triggers.
 */
export async function seedAnalytics(db: Database, designerId: number, now: Date): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const g = sql.raw('g');
  await db.execute(sql`
    insert into fan_unfollows (designer_id, nickname, gender, source, total_spent, order_count,
                               followed_at, unfollowed_at)
    select ${designerId},
           (${NICKNAMES})[1 + ${hash(g, 1)} % 16] || (${hash(g, 2)} % 1000)::text,
           case when ${hash(g, 3)} % 100 < 70 then 'female' else 'male' end,
           case when ${hash(g, 4)} % 100 < 50 then 'video' when ${hash(g, 4)} % 100 < 75 then 'course'
                else 'boutique' end,
           f.orders * (4900 + ${hash(g, 5)} % 30000)::bigint,
           f.orders,
           f.followed,
           f.followed + (${at} - f.followed) * ((${hash(g, 6)} % 1000) / 1000.0)
    from generate_series(1, ${DEMO_LOST_FAN_COUNT}) as g
    cross join lateral (
      select ${at} - make_interval(secs => ${hash(g, 7)} % (400 * 86400)) as followed,
             case when ${hash(g, 8)} % 100 < 70 then 0 else 1 + ${hash(g, 9)} % 3 end as orders
    ) as f`);
  // Views fade from the first week after publishing to a long tail; likes 3–8 %, comments
  // 0.3–1.2 %, plays to the end 25–65 % of views. The hash takes the video's ordinal, not its id,
  // so a reseed makes the same plays (the vault's video rewards are made from them).
  const n = sql.raw('(v.ordinal * 1000 + (d.day - v.first_day))');
  const k = sql.raw('k');
  await db.execute(sql`
    insert into video_daily_stats (video_id, designer_id, day, views, likes, comments, completions)
    select id, designer_id, day, views, views * (3 + ${hash(k, 11)} % 6) / 100,
           views * (3 + ${hash(k, 12)} % 10) / 1000, views * (25 + ${hash(k, 13)} % 41) / 100
    from (
      select v.id, v.designer_id, d.day, ${n} as k,
             (greatest(v.views, 300) / 120.0 * (1 + 4 * exp(-(d.day - v.first_day) / 12.0))
               * (40 + ${hash(n, 10)} % 120) / 100.0)::int as views
      from (select id, designer_id, views, (published_at at time zone ${BUSINESS_ZONE_SQL})::date as first_day,
                   row_number() over (order by id) as ordinal
            from videos where designer_id = ${designerId} and status = 'published'
              and published_at is not null) as v
      cross join lateral (
        select s::date as day
        from generate_series(v.first_day, (${at} at time zone ${BUSINESS_ZONE_SQL})::date, interval '1 day') as s
      ) as d
    ) as plays`);
  // 我的作品 shows a video's views, likes and comments: the sums of its days, as the show ranking
  // counts them (the videos seed's own figures only set the scale of the plays above).
  await db.execute(sql`
    update videos v set views = s.views, likes = s.likes, comments = s.comments
    from (select video_id, sum(views)::int as views, sum(likes)::int as likes, sum(comments)::int as comments
          from video_daily_stats where designer_id = ${designerId} group by video_id) s
    where v.id = s.video_id`);
}
