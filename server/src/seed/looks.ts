import type { CameraPreset } from '@dc/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  lookBackgrounds,
  lookDailyStats,
  lookModels,
  lookProducts,
  looks,
  products,
  productVariants,
} from '../db/schema/index.ts';
import { businessDay, upsertShipped } from '../modules/looks/index.ts';
import { DAY_MS } from '../time/business-day.ts';
import { seededRandom } from './random.ts';

/**
 * demo's 3D looks (issue 9): four looks on the shipped models and backgrounds, wearing demo's
 * boutique products in one colour each; three online with three months of views, rotations and
 * product taps (a look is viewed more in its first weeks), one offline draft.
 */
const LOOKS_SEED = 20151009;
const STATS_DAYS = 90;

const DEMO_LOOKS: {
  title: string;
  description: string;
  model: string;
  background: string;
  online: boolean;
  camera: CameraPreset;
  productCount: number;
}[] = [
  {
    title: '晨光旗袍',
    description: '真丝旗袍配手工盘扣，适合春日茶会。',
    model: 'dress-form',
    background: 'dawn',
    online: true,
    camera: { azimuth: 20, polar: 82, distance: 3, target: [0, 0.95, 0] },
    productCount: 2,
  },
  {
    title: '通勤西装',
    description: '藏青羊毛西装外套，利落的肩线。',
    model: 'coat-form',
    background: 'studio-white',
    online: true,
    camera: { azimuth: -25, polar: 85, distance: 3.2, target: [0, 1, 0] },
    productCount: 3,
  },
  {
    title: '夜宴礼服',
    description: '酒红礼服裙，夜幕下的光泽。',
    model: 'dress-form',
    background: 'night',
    online: true,
    camera: { azimuth: 0, polar: 78, distance: 2.8, target: [0, 1, 0] },
    productCount: 1,
  },
  {
    title: '亚麻日常（草稿）',
    description: '',
    model: 'mannequin-female',
    background: 'studio-light',
    online: false,
    camera: { azimuth: 35, polar: 85, distance: 3.4, target: [0, 0.95, 0] },
    productCount: 2,
  },
];

export async function seedLooks(db: Database, designerId: number, now: Date): Promise<void> {
  const random = seededRandom(LOOKS_SEED);
  await upsertShipped(db, now);
  const models = await db.select().from(lookModels).where(isNull(lookModels.designerId));
  const backgrounds = await db.select().from(lookBackgrounds).where(isNull(lookBackgrounds.designerId));
  const onSale = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.designerId, designerId), eq(products.status, 'on_sale')))
    .orderBy(asc(products.id));
  const variants = onSale.length
    ? await db
        .select({ id: productVariants.id, productId: productVariants.productId })
        .from(productVariants)
        .where(
          inArray(
            productVariants.productId,
            onSale.map((p) => p.id),
          ),
        )
        .orderBy(asc(productVariants.position), asc(productVariants.id))
    : [];
  let nextProduct = 0;
  for (const [index, demo] of DEMO_LOOKS.entries()) {
    const createdAt = new Date(now.getTime() - (80 - index * 15) * DAY_MS);
    const [look] = await db
      .insert(looks)
      .values({
        designerId,
        modelId: models.find((m) => m.shippedKey === demo.model)?.id ?? null,
        backgroundId: backgrounds.find((b) => b.shippedKey === demo.background)?.id ?? null,
        title: demo.title,
        description: demo.description,
        sortOrder: index + 1,
        online: demo.online,
        camera: demo.camera,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: looks.id });
    const chosen = onSale.slice(nextProduct, nextProduct + demo.productCount);
    nextProduct += demo.productCount;
    if (chosen.length) {
      await db.insert(lookProducts).values(
        chosen.map((product, position) => {
          const colours = variants.filter((v) => v.productId === product.id);
          return {
            lookId: look!.id,
            productId: product.id,
            variantId: colours.length ? random.pick(colours).id : null,
            position,
          };
        }),
      );
    }
    if (!demo.online) continue;
    const ageDays = Math.min(STATS_DAYS, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS));
    const rows = Array.from({ length: ageDays + 1 }, (_, age) => {
      const day = businessDay(new Date(now.getTime() - age * DAY_MS));
      const freshness = Math.exp(-(ageDays - age) / 30);
      const views = Math.round((8 + 40 * freshness) * (0.6 + random.next() * 0.8));
      return {
        lookId: look!.id,
        day,
        views,
        rotations: Math.round(views * (0.5 + random.next() * 0.6)),
        productTaps: Math.round(views * (0.08 + random.next() * 0.15)),
      };
    });
    await db.insert(lookDailyStats).values(rows);
  }
}
