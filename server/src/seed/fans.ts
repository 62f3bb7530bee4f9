import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { textArray } from '../db/sql-helpers.ts';
import { recountFanFigures } from '../modules/fans/index.ts';
import { FAN_PICTURE_VARIANTS } from './media/pictures.ts';
import { colourSlugs, picturePrefix } from './pictures.ts';
import { pick as pickBy, type RowHash, rowHash } from './row-hash.ts';

/**
 * demo's 20,000 fans with measurements, wardrobes, photos, timelines and tags (issue 7), made
 * set-based: one INSERT … SELECT over generate_series per table, every value a deterministic
 * function of the fan's number (an integer hash), so the data is the same on every machine.
 */
export const DEMO_FAN_COUNT = 20_000;

const intArray = (items: readonly number[]) => sql`${`{${items.join(',')}}`}::int[]`;

/** The demo seed's row hash: the benchmark's generator with seed 0. */
const hash = rowHash(0);
/** One of `items`, picked by the hash. */
const pick = (items: SQL, n: SQL, salt: string) => pickBy(hash, items, n, salt);

const PREFIXES = ['小', '阿', '', '', 'Miss', '爱穿', '', '一只', '', '不想起床的'];
const NAMES = [
  '雅',
  '晴',
  '杰',
  '婷',
  '悦',
  '琳',
  '涵',
  '旗袍控',
  '棉麻',
  '裁缝',
  '纽扣',
  '布丁',
  '苏苏',
  '木子',
  '安然',
  '若溪',
  'Mia',
  'Leo',
  'Coco',
  'Yuki',
  '青禾',
  '南风',
  '栗子',
  '橙子',
  '鹿鹿',
  '一一',
  '西西',
  '小满',
  '知夏',
  '星河',
  '白露',
  '秋秋',
  '诗诗',
  '阿May',
  '大橘',
  '豆豆',
  '果果',
  '陈先生',
  '王女士',
  '林小姐',
];
/** Cities of the region list (city codes). */
export const FAN_CITIES = [
  '310100',
  '110100',
  '440100',
  '440300',
  '330100',
  '320100',
  '320500',
  '510100',
  '420100',
  '500100',
  '610100',
  '120100',
  '370200',
  '350200',
  '430100',
  '210100',
  '530100',
  '410100',
  '360100',
  '340100',
];
const SIZES = ['XS', 'S', 'M', 'M', 'L', 'L', 'XL', 'XXL'];
const COLORS = ['黑色', '白色', '米白', '藏青', '酒红', '墨绿', '浅灰', '杏色', '雾蓝', '卡其'];
const CATEGORIES = ['top', 'bottom', 'dress', 'outerwear', 'suit', 'qipao', 'shoes', 'accessory'];
const PHOTO_LABELS = ['正面', '侧面', '试穿', '定制成品', '量体'];

export interface GeneratedFans {
  designerId: number;
  count: number;
  now: Date;
  /** Tags to hand out (0–5 per fan); empty for none. */
  tagIds: readonly number[];
  /** Where the demo's avatar pictures start, `<n>.png` follows (seed/pictures.ts); unset: no avatars. */
  avatarPrefix?: string;
  /**
   * `invented` (the default, for benchmarks that write no orders): the buyers' order counts and
   * spend are made up. `none`: every fan starts at 0 and the figures come from the orders and
   * purchases written afterwards (the demo: a fan's header must agree with its order rows).
   */
  spending?: 'invented' | 'none';
}

/** Whether generated fan number `n` has bought before: the buyers the order seeds draw from. */
const isBuyer = (n: SQL) => sql`(${hash(n, 'buyer')} % 100 >= 45)`;

/**
 * The designer's generated fans who have bought before (45% have not), as a subquery of ids:
 * the boutique seed's buyers and the course buyers' fans are drawn from these.
 */
export const generatedBuyerIds = (designerId: number): SQL =>
  sql`(select numbered.id from (select id, row_number() over (order by id) as g
                                from fans where designer_id = ${designerId}) as numbered
       where ${isBuyer(sql.raw('numbered.g'))})`;

/**
 * Inserts `count` fans for the designer and their tags, set-based (the benchmark uses it for a
 * million). Fan numbers `n` run 1..count; the rows get consecutive ids in that order.
 */
export async function insertGeneratedFans(db: Database, options: GeneratedFans): Promise<void> {
  const { designerId, count, now, tagIds, avatarPrefix, spending = 'invented' } = options;
  const n = sql.raw('g');
  const at = sql`${now.toISOString()}::timestamptz`;
  const followed = sql`(${at} - make_interval(secs => ${hash(n, 'followed')} % (400 * 86400)))`;
  const orders =
    spending === 'none'
      ? sql`0`
      : sql`(case when ${isBuyer(n)} then 1 + ${hash(n, 'orders')} % 12 else 0 end)`;
  await db.execute(sql`
    insert into fans (designer_id, nickname, avatar, gender, birth_year, city_code, source,
                      followed_at, last_active_at, total_spent, order_count, created_at, updated_at)
    select ${designerId},
           ${pick(textArray(PREFIXES), n, 'prefix')} || ${pick(textArray(NAMES), n, 'name')},
           ${avatarPrefix === undefined ? '' : sql`case when ${hash(n, 'avatar')} % 100 < 70 then ${avatarPrefix} || (1 + ${hash(n, 'avatar-pick')} % ${FAN_PICTURE_VARIANTS}) || '.png' else '' end`},
           case when ${hash(n, 'gender')} % 100 < 72 then 'female'
                when ${hash(n, 'gender')} % 100 < 96 then 'male' else 'unknown' end,
           case when ${hash(n, 'birth')} % 100 < 8 then null
                else (extract(year from ${at}) - 18 - ${hash(n, 'age')} % 40 - ${hash(n, 'age2')} % 8)::smallint end,
           case when ${hash(n, 'city')} % 100 < 5 then '' else ${pick(textArray(FAN_CITIES), n, 'city')} end,
           case when ${hash(n, 'source')} % 100 < 40 then 'video'
                when ${hash(n, 'source')} % 100 < 60 then 'course'
                when ${hash(n, 'source')} % 100 < 80 then 'boutique'
                when ${hash(n, 'source')} % 100 < 92 then 'recruitment' else 'import' end,
           f.followed,
           f.followed + (${at} - f.followed) * ((${hash(n, 'active')} % 1000) / 1000.0),
           f.orders * (4900 + ${hash(n, 'spent')} % 60000)::bigint,
           f.orders,
           f.followed,
           f.followed
    from generate_series(1, ${count}) as g
    cross join lateral (select ${followed} as followed, ${orders} as orders) as f
    order by g`);
  if (tagIds.length === 0) return;
  // 0–5 tags a fan: j-th pick of fan n; repeats collapse through the primary key.
  await db.execute(sql`
    insert into fan_tags (fan_id, tag_id, created_at)
    select fan.id, ${pick(intArray(tagIds), sql`(g * 8 + j)`, 'tag')}, fan.followed_at
    from (select id, followed_at, row_number() over (order by id) as g
          from fans where designer_id = ${designerId}) as fan
    cross join lateral generate_series(1, ${hash(sql.raw('fan.g'), 'tags')} % 6) as j
    on conflict do nothing`);
}

/** The designer's fans numbered 1..count in id order, for the tables hanging off them. */
const numbered = (designerId: number) =>
  sql`(select id, gender, followed_at, last_active_at, order_count, source, row_number() over (order by id) as g
       from fans where designer_id = ${designerId})`;

/**
 * Measurements (75% of fans) and wardrobes (0–4 garments a fan), from `rowHash` so the benchmark's
 * heavy designer gets the same shapes from its own seed.
 */
export async function insertMeasurementsAndWardrobes(
  db: Database,
  designerId: number,
  rowHash: RowHash,
): Promise<void> {
  const n = sql.raw('f.g');
  const female = sql`(f.gender = 'female')`;
  const spread = (salt: string, range: number) => sql`(${rowHash(n, salt)} % ${range})`;
  const pickHashed = (items: SQL, at: SQL, salt: string) => pickBy(rowHash, items, at, salt);
  await db.execute(sql`
    insert into fan_measurements (fan_id, height_mm, weight_g, bust_mm, waist_mm, hip_mm,
                                  shoulder_mm, sleeve_mm, inseam_mm, updated_at)
    select f.id,
           case when ${female} then 1520 else 1640 end + ${spread('height', 220)},
           case when ${female} then 43000 else 56000 end + ${spread('weight', 30000)},
           case when ${female} then 780 else 880 end + ${spread('bust', 180)},
           case when ${female} then 600 else 720 end + ${spread('waist', 200)},
           case when ${female} then 860 else 900 end + ${spread('hip', 160)},
           case when ${female} then 360 else 420 end + ${spread('shoulder', 60)},
           case when ${female} then 540 else 590 end + ${spread('sleeve', 60)},
           case when ${female} then 700 else 760 end + ${spread('inseam', 90)},
           f.last_active_at
    from ${numbered(designerId)} as f
    where ${rowHash(n, 'measured')} % 100 < 75`);
  const item = sql.raw('(f.g * 8 + j)');
  await db.execute(sql`
    insert into fan_wardrobe_items (fan_id, category, size, color, image_url, source, created_at)
    select f.id, c.category, ${pickHashed(textArray(SIZES), item, 'size')}, ${pickHashed(textArray(COLORS), item, 'color')},
           ${picturePrefix(designerId)} || 'garment-' || c.category || '-' || ${pickHashed(textArray(colourSlugs(COLORS)), item, 'color')} || '.png',
           case when j <= f.order_count then 'purchase' else 'manual' end,
           f.followed_at + (f.last_active_at - f.followed_at) * (j / 5.0)
    from ${numbered(designerId)} as f
    cross join lateral generate_series(1, ${rowHash(n, 'wardrobe')} % 5) as j
    cross join lateral (select ${pickHashed(textArray(CATEGORIES), item, 'category')} as category) as c`);
}

/** Measurements, wardrobes, photos (30%), timelines. */
async function insertFanDetails(db: Database, designerId: number): Promise<void> {
  await insertMeasurementsAndWardrobes(db, designerId, hash);
  const n = sql.raw('f.g');
  const item = sql.raw('(f.g * 8 + j)');
  await db.execute(sql`
    insert into fan_images (fan_id, url, labels, created_at)
    select f.id, ${picturePrefix(designerId)} || 'fan-photo-' || (1 + ${hash(item, 'photo')} % ${FAN_PICTURE_VARIANTS}) || '.png',
           jsonb_build_array(${pick(textArray(PHOTO_LABELS), item, 'label')}),
           f.last_active_at - make_interval(days => j)
    from ${numbered(designerId)} as f
    cross join lateral generate_series(1, 1 + ${hash(n, 'photos')} % 2) as j
    where ${hash(n, 'has-photos')} % 100 < 30`);
  await db.execute(sql`
    insert into fan_interactions (fan_id, kind, text, at)
    select f.id, 'follow',
           case f.source when 'video' then '看短视频后关注' when 'course' then '购买课程后关注'
                when 'boutique' then '浏览精品后关注' when 'recruitment' then '通过招募页关注'
                else '由导入加入' end,
           f.followed_at
    from ${numbered(designerId)} as f
    union all
    select f.id, 'video', '观看短视频《' || ${pick(textArray(['旗袍的盘扣怎么做', '西装肩线调整', '亚麻衬衫的打理', '一块真丝的旅程']), n, 'video')} || '》',
           f.last_active_at
    from ${numbered(designerId)} as f
    where ${hash(n, 'watched')} % 100 < 60`);
}

/** demo's fans: 20,000 with every detail, tagged with demo's tags. */
export async function seedFans(db: Database, designerId: number, now: Date, tagIds: readonly number[]) {
  await insertGeneratedFans(db, {
    designerId,
    count: DEMO_FAN_COUNT,
    now,
    tagIds,
    // The avatars are the pictures named avatar-1…n (seed/pictures.ts), not the bare numbers.
    avatarPrefix: `${picturePrefix(designerId)}avatar-`,
    // The figures grow with the orders and purchases seeded later (linkCourseBuyers, seedBoutique).
    spending: 'none',
  });
  await insertFanDetails(db, designerId);
}

/**
 * The designer's course buyers become fans of theirs (run after the purchases are written):
 * the k-th buyer (by platform user id) is linked to the k-th fan, by id, of the generated fans
 * that came through a course and have bought before — so who buys in the boutique seed stays
 * the same. The fan takes the user's nickname, follows at their first purchase, their last
 * activity and timeline grow by the purchases, and their figures are recounted from the rows.
 */
export async function linkCourseBuyers(db: Database, designerId: number): Promise<void> {
  await db.execute(sql`
    with bought as materialized (
      select cp.buyer_id, min(cp.bought_at) as first_at,
             greatest(max(cp.bought_at), coalesce(max(cp.last_studied_at), max(cp.bought_at))) as latest,
             sum(cp.price_paid)::bigint as spent, count(*)::int as n
      from course_purchases cp join courses c on c.id = cp.course_id
      where c.designer_id = ${designerId}
      group by cp.buyer_id),
    buyers as materialized (select b.*, row_number() over (order by b.buyer_id) as k from bought b),
    candidates as materialized (
      select f.id, row_number() over (order by f.id) as k
      from fans f
      where f.designer_id = ${designerId} and f.source = 'course'
        and f.id in ${generatedBuyerIds(designerId)} and f.platform_user_id is null)
    update fans f set platform_user_id = b.buyer_id, nickname = u.nickname,
                      followed_at = b.first_at, created_at = b.first_at,
                      last_active_at = greatest(f.last_active_at, b.latest)
    from candidates c
    join buyers b on b.k = c.k
    join platform_users u on u.id = b.buyer_id
    where f.id = c.id`);
  await db.execute(sql`
    update fan_interactions i set at = f.followed_at, text = '购买课程后关注'
    from fans f
    where f.designer_id = ${designerId} and f.platform_user_id is not null
      and i.fan_id = f.id and i.kind = 'follow'`);
  await db.execute(sql`
    insert into fan_interactions (fan_id, kind, text, at)
    select f.id, 'course', '购买课程《' || c.title || '》', cp.bought_at
    from fans f
    join course_purchases cp on cp.buyer_id = f.platform_user_id
    join courses c on c.id = cp.course_id and c.designer_id = f.designer_id
    where f.designer_id = ${designerId}
    order by cp.bought_at, cp.id`);
  await recountFanFigures(db, designerId);
}
