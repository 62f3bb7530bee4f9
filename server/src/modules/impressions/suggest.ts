import {
  IMPRESSION_SUGGESTIONS_MAX,
  type ImpressionChip,
  type ImpressionSuggestion,
  type ProductCategory,
} from '@dc/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { boutiqueOrders, fanImpressions, impressions, products } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';

/** The word a bought category suggests (the designer's language of the product: zh-CN). */
export const categoryImpressionWords: Record<ProductCategory, string> = {
  qipao: '爱穿旗袍',
  suit: '西装控',
  dress: '连衣裙达人',
  top: '上衣百搭',
  bottom: '裤装爱好者',
  outerwear: '外套收藏家',
  accessory: '配饰点睛',
  shoes: '鞋履讲究',
};

/**
 * Suggested impressions for a fan, from their purchases (refunded orders do not count), in a
 * fixed order so the same data always suggests the same words:
 * 1. `category`: for each category the fan bought, most orders first (ties by category name),
 *    the word of `categoryImpressionWords`;
 * 2. `coPurchase`: words carried by the designer's other fans who bought any of the same
 *    products, by how many such fans carry them (ties by word).
 * Words the fan carries already are left out, a word appears once (its first reason), and an
 * existing word of the same spelling (case-insensitive) is answered with its id.
 */
export async function suggestImpressions(
  db: Database,
  designerId: number,
  fanId: number,
  carried: ImpressionChip[],
): Promise<ImpressionSuggestion[]> {
  const bought = sql`select ${boutiqueOrders.productId} from ${boutiqueOrders}
    where ${boutiqueOrders.fanId} = ${fanId} and ${boutiqueOrders.designerId} = ${designerId}
      and ${boutiqueOrders.state} <> 'refunded'`;
  const [categories, peerWords, ownWords] = await Promise.all([
    rowsOf<{ category: ProductCategory; n: number }>(
      db,
      sql`select ${products.category} as category, count(*)::int as n
          from ${boutiqueOrders} join ${products} on ${products.id} = ${boutiqueOrders.productId}
          where ${boutiqueOrders.fanId} = ${fanId} and ${boutiqueOrders.designerId} = ${designerId}
            and ${boutiqueOrders.state} <> 'refunded'
          group by ${products.category}
          order by n desc, ${products.category} asc`,
    ),
    rowsOf<{ id: number; word: string; n: number }>(
      db,
      sql`with peers as (
            select distinct ${boutiqueOrders.fanId} as fan_id from ${boutiqueOrders}
            where ${boutiqueOrders.designerId} = ${designerId}
              and ${boutiqueOrders.productId} in (${bought})
              and ${boutiqueOrders.fanId} is not null and ${boutiqueOrders.fanId} <> ${fanId}
              and ${boutiqueOrders.state} <> 'refunded')
          select ${impressions.id} as id, ${impressions.word} as word, count(*)::int as n
          from ${fanImpressions}
            join peers on peers.fan_id = ${fanImpressions.fanId}
            join ${impressions} on ${impressions.id} = ${fanImpressions.impressionId}
          where ${impressions.designerId} = ${designerId}
          group by ${impressions.id}, ${impressions.word}
          order by n desc, ${impressions.word} asc
          limit ${IMPRESSION_SUGGESTIONS_MAX + carried.length}`,
    ),
    rowsOf<{ id: number; word: string }>(
      db,
      sql`select ${impressions.id} as id, ${impressions.word} as word from ${impressions}
          where ${impressions.designerId} = ${designerId}`,
    ),
  ]);
  const idOfWord = new Map(ownWords.map((row) => [row.word.toLowerCase(), row.id]));
  const seen = new Set(carried.map((chip) => chip.word.toLowerCase()));
  const out: ImpressionSuggestion[] = [];
  const offer = (suggestion: ImpressionSuggestion) => {
    const key = suggestion.word.toLowerCase();
    if (seen.has(key) || out.length >= IMPRESSION_SUGGESTIONS_MAX) return;
    seen.add(key);
    out.push(suggestion);
  };
  for (const { category, n } of categories) {
    const word = categoryImpressionWords[category];
    if (!word) continue;
    offer({
      word,
      impressionId: idOfWord.get(word.toLowerCase()) ?? null,
      reason: 'category',
      category,
      count: n,
    });
  }
  for (const { id, word, n } of peerWords) {
    offer({ word, impressionId: id, reason: 'coPurchase', category: null, count: n });
  }
  return out;
}
