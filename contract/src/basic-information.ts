import { z } from 'zod';
import { PIC_URL_MAX } from './designer.ts';
import { text } from './fields.ts';
import { localizedTextSchema } from './menu.ts';
import { worded } from './wordings.ts';

/**
 * Pieces shared by the 基本信息 (basic information) areas of issue 4: designer profile,
 * exclusive designer and contracts, designer partner, shop address.
 */

/** `:id` of a resource call: a positive 32-bit integer (anything else is 40000 on `id`). */
export const idParamsSchema = z.strictObject({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type IdParams = z.infer<typeof idParamsSchema>;

/** Control characters (NUL and the like) that no text field takes: the database refuses NUL. */
const hasControlCharacter = (value: string, allowLineBreaks: boolean): boolean => {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (allowLineBreaks && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
};

/** A one-line text field: trimmed, bounded, no control characters, no line breaks or tabs. */
export const lineText = (max: number, min = 1) =>
  text(max, min).refine(
    (value) => !hasControlCharacter(value, false),
    'must be one line of text without control characters',
  );

/** A multi-line text field: like lineText, but line breaks and tabs are kept. */
export const multilineText = (max: number, min = 1) =>
  text(max, min).refine((value) => !hasControlCharacter(value, true), 'must not contain control characters');

/** A positive integer id in a query string, where every value is text: "12" reads as 12. */
export const idField = z.coerce.number().int().min(1).max(2_147_483_647);

/**
 * A positive integer id in a JSON body: a number only. Coercing there would take "12", "" (0,
 * then refused as too small only by luck), "1e3" or true for ids the client never sent.
 */
export const bodyIdField = z.number().int().min(1).max(2_147_483_647);

/**
 * An image: an http(s) URL (what the upload returns), or a path on this server (`/designerapi/…`,
 * as the demo data uses), at most 1024 characters, no spaces.
 */
export const imageUrlField = z
  .string()
  .trim()
  .max(PIC_URL_MAX)
  .refine((value) => {
    if (/\s/.test(value) || hasControlCharacter(value, false)) return false;
    if (/^\/(?!\/)/.test(value)) return true;
    return /^https?:\/\/[^/?#]+(?:[/?#].*)?$/i.test(value);
  }, 'must be an http(s) URL or a path on this server');

/** A list of distinct image URLs, at most `max`. */
export const imageListField = (max: number, min = 0) =>
  z
    .array(imageUrlField)
    .min(
      min,
      min === 1
        ? worded('请至少添加一张图片', 'add at least one image')
        : worded(`请至少添加 ${min} 张图片`, `add at least ${min} images`),
    )
    .max(max, worded(`最多 ${max} 张图片`, `at most ${max} images`))
    .refine((urls) => new Set(urls).size === urls.length, 'the same image is listed twice');

/** A search keyword: trimmed, at most 64 characters; '' means no keyword. */
export const keywordField = z
  .string()
  .trim()
  .max(64)
  .refine((value) => !hasControlCharacter(value, false), 'must not contain control characters')
  .optional();

/** An option of a picker the server supplies: a value and its label in both languages. */
export const labelledOptionSchema = z.object({ value: z.string(), label: localizedTextSchema });
export type LabelledOption = z.infer<typeof labelledOptionSchema>;

/** A region as the calls answer it. */
export const regionSchema = z.object({ code: z.string(), name: z.string() });

/**
 * An image's key in the object store: a designer's (`designers/<id>/images/<file>`) or the
 * platform's (`platform/images/<file>`).
 */
export const IMAGE_OBJECT_KEY =
  /^(?:designers\/[1-9]\d{0,9}|platform)\/images\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}(?:\.[a-z0-9]{1,8})?$/;

/** `GET /designerapi/v1/image-files/<key>`: a stored image by its lasting address. */
export const imageFileParamsSchema = z.strictObject({
  '*': z
    .string()
    .regex(
      IMAGE_OBJECT_KEY,
      worded(
        '须为图片键，例如 designers/1/images/<name>.png',
        'an image key such as designers/1/images/<name>.png',
      ),
    ),
});

/**
 * Builds a schema at module load, marked pure: a bundle that never uses it (the login page)
 * drops it and what it refers to, such as the region data.
 */
export const pureSchema = <T>(make: () => T): T => make();
