import { IMAGE_OBJECT_KEY, IMAGE_RENDITION_WIDTHS, type ImageRenditionWidth } from '@dc/contract';

/**
 * Where a picture's renditions live in the object store: beside the original, `<key>.w<width>.webp`
 * (`designers/1/images/<hex>.jpg.w160.webp`). No image address names one (an image key has one
 * dot), so `?w=` never makes a rendition of a rendition, and an upload grant, which opens exactly
 * its own key, never writes one. Shared by the image files (which make and delete them), the
 * storage clean-up and the storage commands (which must not take them for leftovers).
 */
export const renditionKey = (key: string, width: ImageRenditionWidth) => `${key}.w${width}.webp`;

/** Every rendition key of a picture, one per width. */
export const renditionKeysOf = (key: string): string[] =>
  IMAGE_RENDITION_WIDTHS.map((width) => renditionKey(key, width));

/** Any width, not only today's: a rendition of a width since dropped is still a rendition. */
const RENDITION_KEY = /^(.+)\.w\d{1,5}\.webp$/;

/** The original picture's key of a rendition key, or undefined when the key is no rendition. */
export function originalOfRendition(key: string): string | undefined {
  const original = RENDITION_KEY.exec(key)?.[1];
  return original !== undefined && IMAGE_OBJECT_KEY.test(original) ? original : undefined;
}
