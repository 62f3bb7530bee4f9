import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.ts';
import { seedBoutique } from '../../server/src/seed/boutique.ts';
import { at, type RowHash } from '../../server/src/seed/row-hash.ts';

const ORDER_STATES = sql`'{paid,shipped,completed,completed,completed,completed,refunded}'::text[]`;

/**
 * The heavy designer's boutique: the demo seed's brands, products and variants, then `orders`
 * orders spread over the last year, each for one variant, 70% of them by one of the fans.
 */
export async function insertBoutique(
  db: Database,
  options: { designerId: number; orders: number; now: Date; hash: RowHash },
): Promise<void> {
  const { designerId, now, hash } = options;
  await seedBoutique(db, designerId, now);
  const g = sql.raw('g');
  await db.execute(sql`
    with variant as (
      select v.id, v.product_id, v.size, v.color, v.sku, v.price, row_number() over (order by v.id) - 1 as k
      from product_variants v where v.designer_id = ${designerId}),
    variant_count as (select count(*) as n from variant),
    fan_range as (select min(id) as first, count(*) as n from fans where designer_id = ${designerId})
    insert into boutique_orders (designer_id, fan_id, buyer_name, product_id, variant_id, size, color, sku,
                                 quantity, unit_price, total, state, created_at)
    select ${designerId},
           case when ${hash(g, 'order-fan')} % 100 < 70 and fr.n > 0
                then fr.first + ${hash(g, 'order-fan-pick')} % fr.n end,
           '买家' || (${hash(g, 'order-buyer')} % 100000),
           v.product_id, v.id, v.size, v.color, v.sku, q.quantity, v.price, v.price * q.quantity,
           (${ORDER_STATES})[1 + ${hash(g, 'order-state')} % 7],
           ${at(now)} - make_interval(secs => ${hash(g, 'order-at')} % (365 * 86400))
    from generate_series(1, ${options.orders}) as g
    cross join variant_count vc
    cross join fan_range fr
    join variant v on v.k = ${hash(g, 'order-variant')} % vc.n
    cross join lateral (select 1 + ${hash(g, 'order-quantity')} % 3 as quantity) as q`);
}
