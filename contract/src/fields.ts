import { z } from 'zod';
import { localizedTextSchema } from './menu.ts';
import { worded } from './wordings.ts';

/** The largest id a column holds (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647;

/** The longest image URL a record keeps. */
export const PIC_URL_MAX = 1024;

/**
 * What a text field refuses beyond NUL (which PostgreSQL refuses in text, so every field does):
 * `any` nothing more; `line` every control character, line breaks and tabs included; `lines`
 * every control character but line breaks and tabs.
 */
export type TextKind = 'any' | 'line' | 'lines';

/** Control characters (NUL and the like); with `allowLineBreaks`, tab, LF and CR are let through. */
export const hasControlCharacter = (value: string, allowLineBreaks: boolean): boolean => {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (allowLineBreaks && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
};

/** A string field as users type it: trimmed, bounded, never empty unless `min` is 0. */
export const text = (max: number, min = 1, kind: TextKind = 'any') => {
  const field = z
    .string()
    .trim()
    .min(min)
    .max(max)
    // PostgreSQL refuses NUL in text: say so on the field instead of failing the write.
    .refine(
      (value) => !value.includes('\u0000'),
      worded('不能包含 NUL 字符', 'must not contain NUL characters'),
    );
  if (kind === 'line')
    return field.refine(
      (value) => !hasControlCharacter(value, false),
      'must be one line of text without control characters',
    );
  if (kind === 'lines')
    return field.refine((value) => !hasControlCharacter(value, true), 'must not contain control characters');
  return field;
};

/** A positive integer id in a path or query string, where every value is text: "12" reads as 12. */
export const idField = z.coerce.number().int().min(1).max(ID_MAX);

/**
 * A positive integer id in a JSON body: a number only. Coercing there would take "12", "" (0,
 * then refused as too small only by luck), "1e3" or true for ids the client never sent.
 */
export const bodyIdField = z.number().int().min(1).max(ID_MAX);

/** `:id` of a resource call: a positive 32-bit integer (anything else is 40000 on `id`). */
export const idParamsSchema = z.strictObject({ id: idField });
export type IdParams = z.infer<typeof idParamsSchema>;

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

/** Accepts the web's form booleans ('1', '0', 'true', 'false', 'on') as well as JSON booleans. */
export const formBoolean = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off'])])
  .transform((value) => value === true || value === '1' || value === 'true' || value === 'on');

/**
 * Wire date-time: `YYYY-MM-DD HH:mm:ss` in business time (Asia/Shanghai), as answers carry it.
 * A request's date-time is `dateTimeField` (dates.ts), which also holds the years 1900-2199.
 */
export const wireDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** Money is integer fen (0.01 yuan) everywhere on the wire. */
export const fen = z.number().int();

/** A mainland-China mobile number, as the SMS codes are sent to it: 11 digits starting 13-19. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phoneField = z
  .string()
  .trim()
  .regex(PHONE_PATTERN, worded('须为 11 位手机号', 'must be an 11-digit mobile number'));

/** A verification code as the SMS sends it: 6 digits. */
export const SMS_CODE_LENGTH = 6;
export const smsCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, worded('须为 6 位验证码', 'must be the 6-digit code'));

/**
 * A union whose input picks its branch (`route` answers the option's index), so a failure names
 * the fields of that branch (`password`, `phone`…) instead of one anonymous "invalid union". The
 * schema is still `z.union(options)` for types and for the OpenAPI document (`anyOf`).
 */
export function routedUnion<const T extends readonly [z.ZodType, z.ZodType, ...z.ZodType[]]>(
  options: T,
  route: (input: unknown) => number,
) {
  return z.preprocess((input, ctx) => {
    // zod's default message is left empty here so the outer parse words it (the server in the
    // request's language); a branch's own message is kept.
    const result = options[route(input)]?.safeParse(input, { error: () => '' });
    if (result && !result.success) {
      for (const { message, ...issue } of result.error.issues)
        ctx.addIssue({ ...issue, ...(message ? { message } : {}) } as Parameters<typeof ctx.addIssue>[0]);
    }
    return input;
  }, z.union(options));
}

/** True when `input` is an object carrying any of `keys` (with a value other than undefined). */
export const hasAnyKey = (input: unknown, keys: readonly string[]): boolean =>
  typeof input === 'object' &&
  input !== null &&
  keys.some((key) => (input as Record<string, unknown>)[key] !== undefined);

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
 * Builds a schema at module load, marked pure: a bundle that never uses it (the login page)
 * drops it and what it refers to, such as the region data.
 */
export const pureSchema = <T>(make: () => T): T => make();
