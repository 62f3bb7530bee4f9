import type { Database } from '../db/client.ts';
import { images } from '../db/schema/index.ts';
import { demoPictureKey, demoPictureUrl } from '../modules/image-files/index.ts';
import { DAY_MS } from '../time/business-day.ts';
import {
  colourSlug,
  FAN_PICTURE_VARIANTS,
  GARMENTS,
  PICTURE_COLOURS,
  pictureBytes,
} from './media/pictures.ts';

/**
 * The lasting address of one of the demo's stored pictures (drawn in code, see
 * seed/media/pictures.ts): the designer's own, or the platform's (`null`).
 */
export const picture = (owner: number | null, name: string) => demoPictureUrl(owner, name);

/** A garment of a category in a colour the seed names ('墨绿'). */
export const garmentPicture = (designerId: number, category: string, colour: string) =>
  picture(designerId, `garment-${category}-${colourSlug(colour)}`);

/** The colour slugs in the order of `colours`, for SQL that picks a colour and its picture alike. */
export const colourSlugs = (colours: readonly string[]) => colours.map(colourSlug);

const range = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);

/**
 * Every picture of the demo designer's rows, one object each however many rows show it:
 * garments per category and colour, fan photos and avatars, brand logos and covers, partners and
 * their news, portfolio pieces, contract pages, course and recruitment covers.
 */
export const DEMO_PICTURES: readonly string[] = [
  ...GARMENTS.flatMap((garment) => PICTURE_COLOURS.map((colour) => `garment-${garment}-${colour.slug}`)),
  ...range('fan-photo', FAN_PICTURE_VARIANTS),
  ...range('avatar', FAN_PICTURE_VARIANTS),
  ...['linjian', 'suyi', 'tailor'].flatMap((brand) => [`logo-${brand}`, `cover-${brand}`]),
  ...range('partner', 5),
  ...range('news', 4),
  ...range('portfolio', 6),
  ...range('document', 3),
  ...['qipao', 'suit', 'linen', 'kids', 'bridal', 'silk', 'knot'].map((course) => `course-${course}`),
  'recruit-cover',
];

/**
 * The demo designer's pictures as their images (as an upload would list them): the rows the
 * image address serves them by, the object itself written into the store when first shown.
 */
export async function seedPictures(db: Database, designerId: number, now: Date): Promise<void> {
  await db.insert(images).values(
    DEMO_PICTURES.map((name) => ({
      designerId,
      objectKey: demoPictureKey(designerId, name),
      fileName: `${name}.png`,
      fileSize: pictureBytes(name).length,
      mimeType: 'image/png',
      createdAt: new Date(now.getTime() - 365 * DAY_MS),
    })),
  );
}

/** The start of the designer's demo picture addresses: SQL appends `<name>.png`. */
export const picturePrefix = (designerId: number) => picture(designerId, '').slice(0, -'.png'.length);
