import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { fanDataChanged } from '../db/fan-data-versions.ts';
import { boutiqueOrders, fanImpressions, fans, impressions, products } from '../db/schema/index.ts';
import { categoryImpressionWords } from '../modules/impressions/index.ts';

/**
 * Words a designer of made-to-measure clothes writes about fans, each with the share (per mille)
 * of fans carrying it: the word cloud gets large and small words.
 */
const DEMO_WORDS: ReadonlyArray<readonly [string, number]> = [
  ['偏爱亚麻', 160],
  ['新中式', 140],
  ['通勤穿搭', 120],
  ['梨形身材', 100],
  ['喜欢盘扣', 90],
  ['显瘦优先', 80],
  ['婚礼定制', 60],
  ['复古港风', 55],
  ['小个子', 50],
  ['爱拍照', 45],
  ['回头客', 40],
  ['看重面料', 35],
  ['预算充足', 30],
  ['只穿深色', 25],
  ['送礼需求', 20],
  ['宽肩', 15],
  ['极简主义', 12],
  ['直播常客', 8],
];

/**
 * demo's impressions (issue 7 item 6), set-based: the words above on a deterministic share of
 * the fans (a hash of fan and word), and the category words of `categoryImpressionWords` on the
 * fans who bought that category (two words: 爱穿旗袍 and 西装控), so suggestions and counts agree.
 * Runs after the fans and the boutique, and after the crowd packs: it moves the `impressions`
 * data version, so a pack reading impression words would be stale (none of demo's does).
 */
export async function seedImpressions(db: Database, designerId: number, now: Date): Promise<void> {
  const categories = ['qipao', 'suit'] as const;
  const words = [
    ...DEMO_WORDS.map(([word, perMille]) => ({ word, perMille })),
    ...categories.map((category) => ({ word: categoryImpressionWords[category], perMille: 0 })),
  ];
  const rows = await db
    .insert(impressions)
    .values(words.map(({ word }) => ({ designerId, word, createdAt: now, updatedAt: now })))
    .returning({ id: impressions.id, word: impressions.word });
  const idOf = new Map(rows.map((row) => [row.word, row.id]));
  for (const { word, perMille } of words) {
    if (perMille === 0) continue;
    const id = idOf.get(word)!;
    await db.execute(sql`
      insert into ${fanImpressions} (fan_id, impression_id, created_at)
      select ${fans.id}, ${id}::int, ${fans.followedAt} + interval '1 day'
      from ${fans}
      where ${fans.designerId} = ${designerId}
        and ((${fans.id}::bigint * 2654435761 + ${id}::bigint * 40503) % 1000) < ${perMille}`);
  }
  for (const category of categories) {
    const id = idOf.get(categoryImpressionWords[category])!;
    await db.execute(sql`
      insert into ${fanImpressions} (fan_id, impression_id, created_at)
      select distinct ${boutiqueOrders.fanId}, ${id}::int, ${now.toISOString()}::timestamptz
      from ${boutiqueOrders} join ${products} on ${products.id} = ${boutiqueOrders.productId}
      where ${boutiqueOrders.designerId} = ${designerId} and ${boutiqueOrders.fanId} is not null
        and ${products.category} = ${category} and ${boutiqueOrders.state} <> 'refunded'
        and (${boutiqueOrders.fanId} % 3) = 0
      on conflict do nothing`);
  }
  await fanDataChanged(db, designerId, 'impressions');
}
