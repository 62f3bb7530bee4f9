import { API_PREFIX, IMAGE_OBJECT_KEY } from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import { demoObjectsOf, ensureDemoObject } from '../../media/demo-objects.ts';
import { objectReadLink } from '../../media/read-links.ts';
import { designerPrefix } from '../../oss/index.ts';
import { objectStoreFor, type RequestOrigin } from '../../storage/index.ts';

/**
 * Stored images by a lasting address. A row keeps `/designerapi/v1/image-files/<object key>`;
 * the address answers a redirect to a fresh signed link of the object store, so an <img> keeps
 * working after any one signed link expires. Keys carry 128 random bits (uploads) or name demo
 * pictures, so the address is as private as the picture's key.
 */
export const IMAGE_FILES_BASE = `${API_PREFIX}/image-files/`;

/** How long the redirect's signed link works; the redirect itself is cached for less. */
export const IMAGE_LINK_TTL_SECONDS = 2 * 60 * 60;
export const IMAGE_REDIRECT_MAX_AGE_SECONDS = 60 * 60;

export const imageFileUrl = (key: string) => `${IMAGE_FILES_BASE}${key}`;

/** The object key of a lasting image address, or undefined for any other text. */
export function imageKeyOfUrl(url: string): string | undefined {
  if (!url.startsWith(IMAGE_FILES_BASE)) return undefined;
  const key = url.slice(IMAGE_FILES_BASE.length);
  return IMAGE_OBJECT_KEY.test(key) ? key : undefined;
}

/** A demo picture's key: the designer's own, or the platform's (`null`: provider logos). */
export const demoPictureKey = (owner: number | null, name: string) =>
  `${owner === null ? 'platform/' : designerPrefix(owner)}images/demo-${name}.png`;

/** The lasting address of a demo picture (see seed/media/pictures.ts for the names). */
export const demoPictureUrl = (owner: number | null, name: string) =>
  imageFileUrl(demoPictureKey(owner, name));

/** A demo picture's name: lower-case letters, digits and dashes. */
const PICTURE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The platform's demo pictures are a fixed few: the providers' logos. */
const PLATFORM_PICTURE = /^provider-\d{1,2}$/;

function demoPictureOf(key: string): { owner: number | null; name: string } | undefined {
  const match = /^(?:designers\/(\d+)|platform)\/images\/demo-([a-z0-9-]+)\.png$/.exec(key);
  if (!match || !PICTURE_NAME.test(match[2]!)) return undefined;
  return { owner: match[1] === undefined ? null : Number(match[1]), name: match[2]! };
}

/** Keys known to be in each store (a process may open several data directories, as tests do). */
const present = new WeakMap<Config, Set<string>>();

/**
 * Whether the image is in the object store. A demo picture is drawn and written there the first
 * time it is asked for, as demo videos are: the platform's when it is one of the providers' logos,
 * a designer's when the designer has it among their images (the seed lists them), so no address
 * can make the store write a picture nobody owns.
 */
export async function imageInStore(db: Database, config: Config, key: string): Promise<boolean> {
  let known = present.get(config);
  if (!known) {
    known = new Set();
    present.set(config, known);
  }
  if (known.has(key)) return true;
  const store = objectStoreFor(config);
  await ensureDemoObject(config, store, key);
  if (!(await store.head(key))) {
    const demo = demoPictureOf(key);
    const demoObjects = demoObjectsOf(config);
    if (!demo || !demoObjects) return false;
    if (demo.owner === null ? !PLATFORM_PICTURE.test(demo.name) : !(await imageRowOf(db, demo.owner, key)))
      return false;
    const bytes = demoObjects.picture(demo.name);
    await store.put(key, bytes, 'image/png');
  }
  known.add(key);
  return true;
}

/** Forgets that the image is in the store (it was just deleted): the next request looks again. */
export function forgetImage(config: Config, key: string): void {
  present.get(config)?.delete(key);
}

/** The designer's `images` row of that key, if any. */
export async function imageRowOf(db: Database, designerId: number, key: string) {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.designerId, designerId), eq(images.objectKey, key)));
  return row;
}

/** A signed GET link to one stored image, for this key only, valid IMAGE_LINK_TTL_SECONDS. */
export async function signedImageLink(
  config: Config,
  key: string,
  origin: RequestOrigin,
  now: Date,
): Promise<string | undefined> {
  return (await objectReadLink(config, key, origin, now, IMAGE_LINK_TTL_SECONDS))?.url;
}

/**
 * The object key a signed link of our store points at (what `POST /images/:id/upload-finished`
 * answers), or undefined when the text is not a link to this store's bucket.
 */
export const imageKeyOfStoreLink = (url: string, config: Config, origin: RequestOrigin): string | undefined =>
  objectStoreFor(config).keyOfLink(url, origin);
