import type { fanImageBodySchema, wardrobeItemBodySchema } from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fans } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { type ImageCheckCtx, ownStoredImageUrl } from '../image-files/index.ts';
import { addFanImage, addWardrobeItem } from './service.ts';

/**
 * Fan photos and wardrobe pictures (issue 7: "photos with labels, uploaded through the image
 * path"): only images the designer uploaded to our object store, kept by their lasting address.
 * The fan is checked first, so another designer's fan stays a 40400 whatever the picture.
 */
export interface FanImageCtx extends ImageCheckCtx {
  now: Date;
}

async function checkOwnFan(ctx: FanImageCtx, id: number): Promise<void> {
  const [fan] = await ctx.db
    .select({ id: fans.id })
    .from(fans)
    .where(and(eq(fans.id, id), eq(fans.designerId, ctx.designerId)));
  if (!fan) throw notFound();
}

/** `POST /fans/:id/wardrobe`: the garment's picture ('' for none) must be an uploaded image. */
export async function addWardrobeItemChecked(
  ctx: FanImageCtx,
  id: number,
  body: z.output<typeof wardrobeItemBodySchema>,
) {
  await checkOwnFan(ctx, id);
  const imageUrl = body.imageUrl === '' ? '' : await ownStoredImageUrl(ctx, body.imageUrl, 'imageUrl');
  return addWardrobeItem(ctx.db, ctx.designerId, id, { ...body, imageUrl }, ctx.now);
}

/** `POST /fans/:id/images`: the photo must be an uploaded image. */
export async function addFanImageChecked(
  ctx: FanImageCtx,
  id: number,
  body: z.output<typeof fanImageBodySchema>,
) {
  await checkOwnFan(ctx, id);
  const url = await ownStoredImageUrl(ctx, body.url, 'url');
  return addFanImage(ctx.db, ctx.designerId, id, { ...body, url }, ctx.now);
}
