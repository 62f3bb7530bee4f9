import { courseCategories } from '@dc/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.ts';
import { textArray } from '../../server/src/db/sql-helpers.ts';
import { at, pick, type RowHash } from '../../server/src/seed/row-hash.ts';

const VIDEO_TITLES = [
  '旗袍的盘扣怎么做',
  '西装肩线调整',
  '亚麻衬衫的打理',
  '一块真丝的旅程',
  '量体的十个要点',
];
const COURSE_TITLES = ['立体裁剪入门', '西装定制全流程', '旗袍制版', '高级手工刺绣', '面料识别与选购'];
const COURSE_CATEGORIES = courseCategories;
/** Days of play statistics a video has (the show ranking reads them for any period). */
const VIDEO_STAT_DAYS = 120;
/** Days of sales statistics a course has. */
const COURSE_STAT_DAYS = 365;

/**
 * The heavy designer's short videos (published, with per-day play statistics over the last
 * 120 days, half the days active) and courses (on sale, with per-day sales over a year, a third
 * of the days active).
 */
export async function insertCatalogue(
  db: Database,
  options: { designerId: number; videos: number; courses: number; now: Date; hash: RowHash },
): Promise<void> {
  const { designerId, now, hash } = options;
  const g = sql.raw('g');
  await db.execute(sql`
    insert into videos (designer_id, title, description, tags, object_key, file_name, file_size, mime_type,
                        duration_seconds, status, views, likes, comments, published_at, created_at, updated_at)
    select ${designerId}, ${pick(hash, textArray(VIDEO_TITLES), g, 'video-title')} || ' #' || g, '', '[]'::jsonb,
           'bench/' || ${designerId} || '/video-' || g || '.mp4', 'video-' || g || '.mp4',
           1000000 + ${hash(g, 'video-size')} % 90000000, 'video/mp4', 30 + ${hash(g, 'video-duration')} % 600,
           'published', 0, 0, 0, c.created, c.created, c.created
    from generate_series(1, ${options.videos}) as g
    cross join lateral (select ${at(now)} - make_interval(days => 1 + ${hash(g, 'video-age')} % 700) as created) as c`);
  const vg = sql.raw('(v.id::bigint * 1000 + d)');
  await db.execute(sql`
    insert into video_daily_stats (video_id, designer_id, day, views, likes, comments, completions)
    select v.id, ${designerId}, (${at(now)} at time zone 'Asia/Shanghai')::date - d, s.views,
           s.views * (${hash(vg, 'likes')} % 8) / 100, s.views * (${hash(vg, 'comments')} % 2) / 100,
           s.views * (20 + ${hash(vg, 'completions')} % 60) / 100
    from videos v
    cross join generate_series(0, ${VIDEO_STAT_DAYS - 1}) as d
    cross join lateral (select 10 + ${hash(vg, 'views')} % 3000 as views) as s
    where v.designer_id = ${designerId} and ${hash(vg, 'active')} % 2 = 0`);
  await db.execute(sql`
    update videos v set views = s.views, likes = s.likes, comments = s.comments
    from (select video_id, sum(views)::int as views, sum(likes)::int as likes, sum(comments)::int as comments
          from video_daily_stats where designer_id = ${designerId} group by video_id) s
    where v.id = s.video_id`);

  await db.execute(sql`
    insert into courses (designer_id, title, summary, category, price, original_price, status, created_at, updated_at)
    select ${designerId}, ${pick(hash, textArray(COURSE_TITLES), g, 'course-title')} || ' 第' || g || '期',
           '基准测试课程', ${pick(hash, textArray(COURSE_CATEGORIES), g, 'course-category')},
           p.price, p.price + p.price / 5, 'on_sale', c.created, c.created
    from generate_series(1, ${options.courses}) as g
    cross join lateral (select (9900 + ${hash(g, 'course-price')} % 90000)::int as price) as p
    cross join lateral (select ${at(now)} - make_interval(days => 30 + ${hash(g, 'course-age')} % 700) as created) as c`);
  const cg = sql.raw('(c.id::bigint * 1000 + d)');
  await db.execute(sql`
    insert into course_daily_stats (course_id, day, sales, revenue, rating_sum, ratings)
    select c.id, (${at(now)} at time zone 'Asia/Shanghai')::date - d, s.sales, s.sales * c.price,
           s.rated * (3 + ${hash(cg, 'stars')} % 3), s.rated
    from courses c
    cross join generate_series(0, ${COURSE_STAT_DAYS - 1}) as d
    cross join lateral (select 1 + ${hash(cg, 'sales')} % 20 as sales) as s0
    cross join lateral (select s0.sales as sales, s0.sales / 3 as rated) as s
    where c.designer_id = ${designerId} and ${hash(cg, 'active')} % 3 = 0`);
}
