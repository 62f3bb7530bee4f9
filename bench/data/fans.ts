import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.ts';
import { insertGeneratedFans } from '../../server/src/seed/fans.ts';
import { picturePrefix } from '../../server/src/seed/pictures.ts';
import { seedTags } from '../../server/src/seed/tags.ts';
import { pick, type RowHash, textArray } from './sql-hash.ts';

const SIZES = ['XS', 'S', 'M', 'M', 'L', 'L', 'XL', 'XXL'];
const COLORS = ['黑色', '白色', '米白', '藏青', '酒红', '墨绿', '浅灰', '杏色', '雾蓝', '卡其'];
const CATEGORIES = ['top', 'bottom', 'dress', 'outerwear', 'suit', 'qipao', 'shoes', 'accessory'];

/** The designer's fans numbered 1..count in id order. */
const numbered = (designerId: number) =>
  sql`(select id, gender, followed_at, last_active_at, order_count, row_number() over (order by id) as g
       from fans where designer_id = ${designerId})`;

/**
 * The heavy designer's fans: the demo seed's generator (0–5 of 30 tags each) for the fan rows,
 * then measurements (75% of fans) and wardrobes (0–4 garments a fan) from this run's seed.
 */
export async function insertFans(
  db: Database,
  options: { designerId: number; count: number; now: Date; hash: RowHash },
): Promise<void> {
  const { designerId, count, now, hash } = options;
  const tagIds = await seedTags(db, designerId, now);
  await insertGeneratedFans(db, { designerId, count, now, tagIds });
  const n = sql.raw('f.g');
  const female = sql`(f.gender = 'female')`;
  const spread = (salt: string, range: number) => sql`(${hash(n, salt)} % ${sql.raw(String(range))})`;
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
    where ${hash(n, 'measured')} % 100 < 75`);
  const item = sql.raw('(f.g * 8 + j)');
  await db.execute(sql`
    insert into fan_wardrobe_items (fan_id, category, size, color, image_url, source, created_at)
    select f.id, c.category, ${pick(hash, textArray(SIZES), item, 'size')},
           ${pick(hash, textArray(COLORS), item, 'color')},
           ${picturePrefix(designerId)} || 'garment-' || c.category || '-black.png',
           case when j <= f.order_count then 'purchase' else 'manual' end,
           f.followed_at + (f.last_active_at - f.followed_at) * (j / 5.0)
    from ${numbered(designerId)} as f
    cross join lateral generate_series(1, ${hash(n, 'wardrobe')} % 5) as j
    cross join lateral (select ${pick(hash, textArray(CATEGORIES), item, 'category')} as category) as c`);
}
