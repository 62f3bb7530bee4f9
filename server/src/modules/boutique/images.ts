import type { brandBodySchema, productBodySchema } from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { brands } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { sanitizeHtml } from '../../http/sanitize-html.ts';
import { type ImageCheckCtx, keptImageUrl, keptImageUrls, keptRichTextImages } from '../image-files/index.ts';
import { ownProduct } from './rows.ts';

type ProductBody = z.output<typeof productBodySchema>;
type BrandBody = z.output<typeof brandBodySchema>;

/**
 * Rich text as the boutique keeps it, product descriptions and brand stories alike: the
 * allow-listed HTML, every picture in it an upload of the designer's by its lasting address
 * (an outside picture is 40000 on `field`).
 */
export const keptRichText = (ctx: ImageCheckCtx, html: string, field: string): Promise<string> =>
  keptRichTextImages(ctx, sanitizeHtml(html), field);

/**
 * A product's pictures as the row keeps them (issue 7: "images (1-9, first is the cover,
 * uploaded through the uploader's image path)"): every image must be one the designer uploaded
 * and is kept by its lasting address (40000 on `images.N` otherwise); pictures of the
 * description likewise (keptRichText). For `PUT`, another
 * designer's product stays a 40400 whatever the pictures: the product is checked first.
 */
export async function keepProductImages(
  ctx: ImageCheckCtx,
  body: ProductBody,
  productId?: number,
): Promise<ProductBody> {
  if (productId !== undefined) await ownProduct(ctx.db, ctx.designerId, productId);
  return {
    ...body,
    images: await keptImageUrls(ctx, body.images, 'images', 'uploads'),
    description: await keptRichText(ctx, body.description, 'description'),
  };
}

/**
 * A brand's logo and cover: uploaded images by their lasting address, outside http(s) pictures
 * as sent. The story is rich text like a product description, under the same rule (issue 16:
 * it kept outside pictures, tracking pixels, where descriptions refuse them). For `PUT`, the
 * brand is checked first.
 */
export async function keepBrandImages(
  ctx: ImageCheckCtx,
  body: BrandBody,
  brandId?: number,
): Promise<BrandBody> {
  if (brandId !== undefined) {
    const [own] = await ctx.db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.id, brandId), eq(brands.designerId, ctx.designerId)));
    if (!own) throw notFound();
  }
  return {
    ...body,
    logoUrl: await keptImageUrl(ctx, body.logoUrl, 'logoUrl', 'uploadsOrOutside'),
    coverUrl: await keptImageUrl(ctx, body.coverUrl, 'coverUrl', 'uploadsOrOutside'),
    story: await keptRichText(ctx, body.story, 'story'),
  };
}
