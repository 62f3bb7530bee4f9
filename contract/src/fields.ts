import { z } from 'zod';
import { worded } from './wordings.ts';

/** A string field as users type it: trimmed, bounded, never empty unless optional. */
export const text = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    // PostgreSQL refuses NUL in text: say so on the field instead of failing the write.
    .refine(
      (value) => !value.includes('\u0000'),
      worded('不能包含 NUL 字符', 'must not contain NUL characters'),
    );

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
