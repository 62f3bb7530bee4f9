import { z } from 'zod';

/** A string field as users type it: trimmed, bounded, never empty unless optional. */
export const text = (max: number, min = 1) => z.string().trim().min(min).max(max);

/** Accepts the web's form booleans ('1', '0', 'true', 'false', 'on') as well as JSON booleans. */
export const formBoolean = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off'])])
  .transform((value) => value === true || value === '1' || value === 'true' || value === 'on');

/** Wire date-time: `YYYY-MM-DD HH:mm:ss` in business time (Asia/Shanghai). */
export const wireDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** Money is integer fen (0.01 yuan) everywhere on the wire. */
export const fen = z.number().int();
