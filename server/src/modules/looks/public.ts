import type { CameraPreset, LookEventBody, PublicLook } from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import { designers, lookBackgrounds, lookModels, lookProducts, looks } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { hit, type RateRule, take } from '../rate-limit/index.ts';
import { backgroundToWire } from './backgrounds.ts';
import type { LooksCtx } from './context.ts';
import { productsOf } from './looks.ts';
import { looksMessages } from './messages.ts';
import { modelToWire } from './models.ts';
import { countEvent } from './stats.ts';

/** Every event of one address, all looks: beyond this the page is hammered, and answered 42900. */
export const LOOK_EVENTS_PER_IP: RateRule = { bucket: 'look-events-ip', limit: 300, windowSeconds: 600 };
/** A view counts once per address and look per half hour (a refresh is not a new viewer). */
export const LOOK_VIEW_PER_VIEWER: RateRule = { bucket: 'look-view', limit: 1, windowSeconds: 1_800 };
/** Rotations and product taps count up to these per address and look in 10 minutes. */
export const LOOK_ROTATIONS_PER_VIEWER: RateRule = { bucket: 'look-rotate', limit: 20, windowSeconds: 600 };
export const LOOK_TAPS_PER_VIEWER: RateRule = { bucket: 'look-tap', limit: 50, windowSeconds: 600 };

/** An online look with a ready model, or 40400 (unknown, offline and unfinished look alike). */
async function onlineLook(ctx: LooksCtx, id: number) {
  const [row] = await ctx.db
    .select({ look: looks, designerName: designers.nickname, model: lookModels })
    .from(looks)
    .innerJoin(designers, eq(designers.id, looks.designerId))
    .innerJoin(lookModels, eq(lookModels.id, looks.modelId))
    .where(and(eq(looks.id, id), eq(looks.online, true), eq(lookModels.status, 'ready')));
  if (!row) throw notFound();
  return row;
}

/** `GET /public/looks/:id`: what the public page shows; products on sale only. */
export async function publicLook(ctx: LooksCtx, id: number): Promise<PublicLook> {
  const { look, designerName, model } = await onlineLook(ctx, id);
  const wireModel = await modelToWire(ctx, model, 0);
  const [background] = look.backgroundId
    ? await ctx.db.select().from(lookBackgrounds).where(eq(lookBackgrounds.id, look.backgroundId))
    : [];
  const wireBackground = background ? await backgroundToWire(ctx, background, 0) : null;
  const items = (await productsOf(ctx.db, [id])).get(id) ?? [];
  return {
    id: look.id,
    title: look.title,
    description: look.description,
    designerName: designerName ?? '',
    modelUrl: wireModel.modelUrl!,
    posterUrl: wireModel.posterUrl,
    background: wireBackground
      ? {
          id: wireBackground.id,
          name: wireBackground.name,
          kind: wireBackground.kind,
          colors: wireBackground.colors,
          imageUrl: wireBackground.imageUrl,
          thumbnailUrl: wireBackground.thumbnailUrl,
          shippedKey: wireBackground.shippedKey,
        }
      : null,
    camera: look.camera as CameraPreset,
    products: items.filter((item) => item.onSale).map(({ onSale: _onSale, ...item }) => item),
  };
}

/**
 * `POST /public/looks/:id/events`: counts a view, a rotation or a product tap of an online look.
 * Repeats beyond a viewer's share are answered `counted: false`; a flood from one address 42900.
 */
export async function recordLookEvent(
  ctx: LooksCtx,
  id: number,
  event: LookEventBody,
  ip: string,
): Promise<{ counted: boolean }> {
  await take(ctx.db, LOOK_EVENTS_PER_IP, ip, ctx.now);
  await onlineLook(ctx, id);
  if (event.type === 'productTap') {
    if (!event.productId) throw invalidField('productId', looksMessages.whichProductTapped);
    const [linked] = await ctx.db
      .select({ id: lookProducts.productId })
      .from(lookProducts)
      .where(and(eq(lookProducts.lookId, id), eq(lookProducts.productId, event.productId)));
    if (!linked) throw invalidField('productId', looksMessages.notProductOfLook);
  }
  const rule =
    event.type === 'view'
      ? LOOK_VIEW_PER_VIEWER
      : event.type === 'rotation'
        ? LOOK_ROTATIONS_PER_VIEWER
        : LOOK_TAPS_PER_VIEWER;
  const { count } = await hit(ctx.db, rule, `${ip}:${id}`, ctx.now);
  if (count > rule.limit) return { counted: false };
  await countEvent(ctx.db, id, event.type, ctx.now);
  return { counted: true };
}
