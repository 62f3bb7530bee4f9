import type { OrderState, ProductCategory, ProductStatus } from '@dc/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  boutiqueOrders,
  brands,
  fans,
  products,
  productVariants,
  stockMovements,
} from '../db/schema/index.ts';
import { recountFanFigures } from '../modules/fans/index.ts';
import { DAY_MS } from '../time/business-day.ts';
import { generatedBuyerIds } from './fans.ts';
import { garmentPicture, picture } from './pictures.ts';
import { type SeededRandom, seededRandom } from './random.ts';

/**
 * demo's boutique (issue 7): 3 brands, 50 products with their size × colour variants, and a
 * year of orders linked to demo's buying fans. Stock is consistent with the orders: every
 * variant opens with a restock, may be restocked mid-year, and every order is a sale movement,
 * so the stock history adds up to today's stock. The buying fans' figures are recounted from
 * their orders and purchases here (modules/fans/figures.ts); the vault ledger's boutique sales
 * and refunds are made from these orders (seed/vault-sources.ts).
 */
const BOUTIQUE_SEED = 20151007;
export const DEMO_PRODUCT_COUNT = 50;
/** Products are launched over this many days from a year ago (the vault's boutique income grows with them). */
const PRODUCT_LAUNCH_DAYS = 120;
/** A variant's orders over its life: 0 to this many (the vault's boutique sales are these orders). */
const MAX_ORDERS_PER_VARIANT = 10;

const BRANDS = [
  {
    name: '林间 LINJIAN',
    slug: 'linjian',
    slogan: '一针一线，皆是光阴',
    story:
      '<h2>始于 2015 的旗袍工作室</h2><p>林间诞生在上海一条老弄堂里。我们坚持<strong>手工盘扣</strong>与<em>整片归拔</em>，每一件旗袍都按穿着者的身形量体裁衣。</p><ul><li>桑蚕丝与香云纱面料</li><li>每件约 40 小时手工</li></ul>',
  },
  {
    name: '素衣 SUYI',
    slug: 'suyi',
    slogan: '亚麻与棉，日常的温度',
    story:
      '<h2>为日常而设计</h2><p>素衣只用天然纤维：<strong>亚麻、棉、苎麻</strong>。宽松的版型，耐洗耐穿，越穿越软。</p><blockquote>好衣服是可以陪你很多年的。</blockquote>',
  },
  {
    name: '城南裁缝 TAILOR',
    slug: 'tailor',
    slogan: '一套合身的西装',
    story:
      '<h2>半手工定制西装</h2><p>城南裁缝延续<strong>那不勒斯</strong>软肩工艺，胸衬手工纳缝，肩线随身。</p><p>支持到店量体，也可以寄送尺寸。</p>',
  },
];

interface Template {
  brand: number;
  category: ProductCategory;
  names: readonly string[];
  price: [number, number];
  sizes: readonly string[];
  colors: readonly string[];
}
const TEMPLATES: Template[] = [
  {
    brand: 0,
    category: 'qipao',
    names: ['真丝盘扣旗袍', '香云纱短袖旗袍', '改良日常旗袍', '刺绣长款旗袍', '提花缎面旗袍'],
    price: [899, 3999],
    sizes: ['S', 'M', 'L', 'XL'],
    colors: ['墨绿', '酒红', '藏青', '米白'],
  },
  {
    brand: 0,
    category: 'dress',
    names: ['真丝茶歇裙', '立领连衣裙', '盘扣衬衫裙'],
    price: [599, 1599],
    sizes: ['S', 'M', 'L'],
    colors: ['雾蓝', '杏色', '黑色'],
  },
  {
    brand: 1,
    category: 'top',
    names: ['亚麻衬衫', '棉麻开衫', '苎麻短袖上衣', '水洗棉 T 恤'],
    price: [199, 599],
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    colors: ['白色', '浅灰', '卡其', '雾蓝'],
  },
  {
    brand: 1,
    category: 'bottom',
    names: ['亚麻阔腿裤', '棉麻半身裙', '束脚休闲裤'],
    price: [239, 699],
    sizes: ['S', 'M', 'L', 'XL'],
    colors: ['黑色', '卡其', '米白'],
  },
  {
    brand: 2,
    category: 'suit',
    names: ['羊毛单排扣西装', '双排扣戗驳领西装', '亚麻夏季西装', '三件套礼服'],
    price: [2999, 8999],
    sizes: ['46', '48', '50', '52'],
    colors: ['藏青', '浅灰', '黑色'],
  },
  {
    brand: 2,
    category: 'outerwear',
    names: ['羊绒大衣', '双面呢外套', '风衣'],
    price: [1999, 5999],
    sizes: ['S', 'M', 'L'],
    colors: ['驼色', '黑色'],
  },
  {
    brand: 2,
    category: 'accessory',
    names: ['真丝领带', '口袋巾', '手工皮带'],
    price: [99, 399],
    sizes: ['均码'],
    colors: ['酒红', '藏青', '墨绿'],
  },
];
const BUYERS = ['王女士', '陈小姐', '张先生', '刘女士', '赵同学', '周女士', '吴先生', '孙小姐'];

/** Up to `count` distinct items of `items`, a run from a random start, kept in the list's order. */
const someOf = <T>(items: readonly T[], count: number, random: SeededRandom): T[] => {
  const start = random.int(0, items.length - 1);
  const indexes = Array.from({ length: Math.min(count, items.length) }, (_, i) => (start + i) % items.length);
  return indexes.sort((a, b) => a - b).map((i) => items[i]!);
};

const statusOf = (n: number): ProductStatus =>
  n % 12 === 5 ? 'off_shelf' : n % 17 === 9 ? 'draft' : 'on_sale';

const orderStateOf = (at: number, now: number, random: SeededRandom): OrderState => {
  if (random.chance(0.05)) return 'refunded';
  const age = (now - at) / DAY_MS;
  if (age < 2) return 'paid';
  if (age < 7) return random.chance(0.5) ? 'shipped' : 'completed';
  return 'completed';
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** demo's brands, products, variants, stock movements and orders; answers the product ids. */
export async function seedBoutique(db: Database, designerId: number, now: Date): Promise<number[]> {
  const random = seededRandom(BOUTIQUE_SEED);
  const yearAgo = now.getTime() - 360 * DAY_MS;
  const brandRows = await db
    .insert(brands)
    .values(
      BRANDS.map((brand, i) => ({
        designerId,
        name: brand.name,
        logoUrl: picture(designerId, `logo-${brand.slug}`),
        coverUrl: picture(designerId, `cover-${brand.slug}`),
        slogan: brand.slogan,
        story: brand.story,
        createdAt: new Date(yearAgo - (3 - i) * 30 * DAY_MS),
        updatedAt: new Date(yearAgo),
      })),
    )
    .returning({ id: brands.id });
  const buyers = await db
    .select({ id: fans.id, nickname: fans.nickname })
    .from(fans)
    .where(and(eq(fans.designerId, designerId), sql`${fans.id} in ${generatedBuyerIds(designerId)}`))
    .orderBy(asc(fans.id))
    .limit(3000);

  const productIds: number[] = [];
  const orders: (typeof boutiqueOrders.$inferInsert)[] = [];
  const movements: (typeof stockMovements.$inferInsert)[] = [];
  for (let n = 0; n < DEMO_PRODUCT_COUNT; n++) {
    const template = TEMPLATES[n % TEMPLATES.length]!;
    const name = template.names[Math.floor(n / TEMPLATES.length) % template.names.length]!;
    const status = statusOf(n);
    // The range grows over the first four months; each product sells from its creation on.
    const createdAt =
      yearAgo + Math.floor((n / DEMO_PRODUCT_COUNT) * PRODUCT_LAUNCH_DAYS * DAY_MS) + random.int(0, DAY_MS);
    const basePrice = random.int(template.price[0], template.price[1]) * 100;
    const [product] = await db
      .insert(products)
      .values({
        designerId,
        brandId: brandRows[template.brand]!.id,
        title: `${name} ${String(n + 1).padStart(2, '0')}`,
        category: template.category,
        images: Array.from({ length: random.int(1, 4) }, (_, k) =>
          garmentPicture(designerId, template.category, template.colors[(n + k) % template.colors.length]!),
        ),
        description: `<p>${name}，${BRANDS[template.brand]!.slogan}。</p><ul><li>面料：${template.category === 'suit' ? '羊毛' : '天然纤维'}</li><li>洗涤：手洗或干洗</li></ul>`,
        status,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      })
      .returning({ id: products.id });
    const productId = product!.id;
    productIds.push(productId);
    const sizes = someOf(template.sizes, random.int(2, 4), random);
    const colors = someOf(template.colors, random.int(1, 2), random);
    const cells = sizes.flatMap((size, s) => colors.map((color, c) => ({ size, color, s, c })));
    const variants = await db
      .insert(productVariants)
      .values(
        cells.map((cell, position) => {
          const price = basePrice + cell.s * 2000;
          return {
            productId,
            designerId,
            size: cell.size,
            color: cell.color,
            sku: `DM${String(n + 1).padStart(3, '0')}-${cell.s + 1}${cell.c + 1}`,
            price,
            originalPrice: random.chance(0.6) ? Math.round((price * 1.25) / 100) * 100 : price,
            stock: random.int(0, 30),
            position,
          };
        }),
      )
      .returning();
    for (const variant of variants) {
      // This variant's sales: at the product's pace, on sale days after its creation.
      const events: { at: number; quantity: number }[] = [];
      if (status !== 'draft') {
        const count = random.int(0, MAX_ORDERS_PER_VARIANT);
        for (let i = 0; i < count; i++) {
          events.push({
            at: random.int(createdAt + DAY_MS, now.getTime() - 60_000),
            quantity: random.chance(0.85) ? 1 : 2,
          });
        }
      }
      events.sort((a, b) => a.at - b.at);
      const sold = events.reduce((sum, e) => sum + e.quantity, 0);
      const restockAt = createdAt + Math.floor((now.getTime() - createdAt) / 2);
      const restock = sold > 4 ? Math.ceil(sold / 2) : 0;
      let level = variant.stock + sold - restock;
      movements.push({
        productId,
        variantId: variant.id,
        delta: level,
        stockAfter: level,
        reason: 'restock',
        at: new Date(createdAt),
      });
      let restocked = restock === 0;
      for (const event of events) {
        if (!restocked && event.at > restockAt) {
          level += restock;
          movements.push({
            productId,
            variantId: variant.id,
            delta: restock,
            stockAfter: level,
            reason: 'restock',
            at: new Date(restockAt),
          });
          restocked = true;
        }
        level -= event.quantity;
        movements.push({
          productId,
          variantId: variant.id,
          delta: -event.quantity,
          stockAfter: level,
          reason: 'sale',
          at: new Date(event.at),
        });
        const buyer = buyers.length > 0 ? random.pick(buyers) : null;
        orders.push({
          designerId,
          fanId: buyer?.id ?? null,
          buyerName: buyer?.nickname ?? random.pick(BUYERS),
          productId,
          variantId: variant.id,
          size: variant.size,
          color: variant.color,
          sku: variant.sku,
          quantity: event.quantity,
          unitPrice: variant.price,
          total: variant.price * event.quantity,
          state: orderStateOf(event.at, now.getTime(), random),
          createdAt: new Date(event.at),
        });
      }
      if (!restocked) {
        level += restock;
        movements.push({
          productId,
          variantId: variant.id,
          delta: restock,
          stockAfter: level,
          reason: 'restock',
          at: new Date(restockAt),
        });
      }
    }
  }
  await insertChunked(
    movements.filter((m) => m.delta !== 0),
    (chunk) => db.insert(stockMovements).values(chunk),
  );
  await insertChunked(orders, (chunk) => db.insert(boutiqueOrders).values(chunk));
  // Figures of the products and of the buying fans, set-based from the rows just written.
  await db.execute(sql`
    update products p set
      sales_count = coalesce((select sum(quantity) from boutique_orders o where o.product_id = p.id), 0),
      min_price = (select min(price) from product_variants v where v.product_id = p.id),
      max_price = (select max(price) from product_variants v where v.product_id = p.id),
      total_stock = (select sum(stock) from product_variants v where v.product_id = p.id)
    where p.designer_id = ${designerId}`);
  await db.execute(sql`
    update fans f set last_active_at = greatest(f.last_active_at, o.latest)
    from (select fan_id, max(created_at) as latest
          from boutique_orders where designer_id = ${designerId} and fan_id is not null group by fan_id) o
    where f.id = o.fan_id`);
  await recountFanFigures(db, designerId);
  // Each order on the buyer's timeline (下单), as the fan's traded goods list it.
  await db.execute(sql`
    insert into fan_interactions (fan_id, kind, text, at)
    select o.fan_id, 'purchase', left('购买精品《' || p.title || '》' || o.size || ' ' || o.color || ' × ' || o.quantity, 200),
           o.created_at
    from boutique_orders o join products p on p.id = o.product_id
    where o.designer_id = ${designerId} and o.fan_id is not null
    order by o.created_at, o.id`);
  return productIds;
}
