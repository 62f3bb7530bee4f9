import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fanDataChanged } from '../../db/fan-data-versions.ts';

/**
 * Sets every fan's `order_count` and `total_spent` of the designer from the rows the fan's
 * traded goods (orders.ts) list: their boutique orders (`boutique_orders.fan_id`, any state)
 * and, for a platform user, their purchases of the designer's courses. Live orders and purchases
 * keep the figures by adding one row each; a bulk writer (the demo seed) recounts here instead of
 * adding to figures it did not count. Moves the designer's `orders` data version (after the
 * update: a crowd pack computed in between is stale, never fresh with the old figures).
 */
export async function recountFanFigures(db: Database, designerId: number): Promise<void> {
  await db.execute(sql`
    update fans f set order_count = counted.orders, total_spent = counted.spent
    from (
      select f2.id,
             coalesce(o.orders, 0) + coalesce(p.orders, 0) as orders,
             coalesce(o.spent, 0) + coalesce(p.spent, 0) as spent
      from fans f2
      left join (select fan_id, count(*)::int as orders, sum(total)::bigint as spent
                 from boutique_orders where designer_id = ${designerId} and fan_id is not null
                 group by fan_id) o on o.fan_id = f2.id
      left join (select cp.buyer_id, count(*)::int as orders, sum(cp.price_paid)::bigint as spent
                 from course_purchases cp join courses c on c.id = cp.course_id
                 where c.designer_id = ${designerId}
                 group by cp.buyer_id) p on p.buyer_id = f2.platform_user_id
      where f2.designer_id = ${designerId}) as counted
    where f.id = counted.id
      and (f.order_count <> counted.orders or f.total_spent <> counted.spent)`);
  await fanDataChanged(db, designerId, 'orders');
}
