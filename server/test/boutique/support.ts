import type { ProductBody, ProductDetail } from '@dc/contract';
import { expect } from 'vitest';
import { images } from '../../src/db/schema/index.ts';
import { demoPictureKey, demoPictureUrl } from '../../src/modules/image-files/store.ts';
import { pictureBytes } from '../../src/seed/media/pictures.ts';
import { type AccountsApp, call, dataOf, type Session } from '../support/calls.ts';
import type { TestApp } from '../support/test-app.ts';

let skuCounter = 0;

const PICTURES = ['garment-qipao-black', 'garment-qipao-white'];

/** The two product pictures `givePictures` gave the designer, by their lasting addresses. */
export const productImagesOf = (designerId: number) =>
  PICTURES.map((name) => demoPictureUrl(designerId, name));

/**
 * The first designer given pictures in the app given them last. Held with its app: test files
 * share this module when the suite runs without isolation, and each file opens its own app.
 */
let pictureOwner: { app: TestApp; designerId: number } | undefined;

/**
 * Gives each designer two pictures among their images (demo garments, drawn into the app's store
 * when first shown, as the seed's are): issue 7's products take uploaded images only. The first
 * designer given pictures in an app is the one whose pictures `productBody()` uses unless told.
 */
export async function givePictures(t: TestApp, ...who: Session[]): Promise<void> {
  for (const designer of who) {
    await t.db
      .insert(images)
      .values(
        PICTURES.map((name) => ({
          designerId: designer.id,
          objectKey: demoPictureKey(designer.id, name),
          fileName: `${name}.png`,
          fileSize: pictureBytes(name).length,
          mimeType: 'image/png',
          createdAt: new Date(),
        })),
      )
      .onConflictDoNothing();
  }
  if (pictureOwner?.app !== t && who[0]) pictureOwner = { app: t, designerId: who[0].id };
}

/** A product body with two variants (S and M in 黑色), unique SKUs and `owner`'s two pictures. */
export function productBody(change: Partial<ProductBody> = {}, owner?: Session): ProductBody {
  skuCounter++;
  const designerId = owner?.id ?? pictureOwner?.designerId;
  if (designerId === undefined) throw new Error('givePictures first: products take uploaded images only');
  return {
    title: '真丝盘扣旗袍',
    category: 'qipao',
    images: productImagesOf(designerId),
    description: '<p>手工盘扣</p>',
    variants: [
      {
        size: 'S',
        color: '黑色',
        sku: `QP-${skuCounter}-S`,
        price: 128_000,
        originalPrice: 158_000,
        stock: 5,
      },
      {
        size: 'M',
        color: '黑色',
        sku: `QP-${skuCounter}-M`,
        price: 138_000,
        originalPrice: 158_000,
        stock: 3,
      },
    ],
    ...change,
  };
}

/** Creates a product through the API; answers its detail. */
export async function createProduct(t: AccountsApp, who: Session, body: ProductBody = productBody({}, who)) {
  const res = await call(t, 'POST', '/products', who, body);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<ProductDetail>(res);
}
