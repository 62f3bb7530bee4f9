import { z } from 'zod';
import type { Language } from './errors.ts';

/**
 * The one date rule of every request (issue 16 item 6): a day, a month or a date-time a client
 * sends is a real calendar value in the years 1900-2199, else 40000 naming the field. Anything
 * outside reached PostgreSQL as year 0 and failed there (a 500); both databases take this range.
 *
 * Each field below is this rule plus its shape. A request never declares a date with its own
 * regex: the OpenAPI `format` of these fields (`date`, `month`, `wire-date-time`) is how the
 * adversarial suite finds every date field and tries the bounds on it.
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2199;

/** An issue message in both languages; the server answers the one the request asks for. */
export type LocalizedMessage = Record<Language, string>;

/**
 * The params of a custom zod issue whose message has both languages. The server's error handler
 * reads `localizedMessage` (zod's own `message` is the English one, for clients that show it).
 */
export interface LocalizedIssueParams {
  localizedMessage: LocalizedMessage;
}

function reportLocalized(ctx: z.RefinementCtx, input: string, message: LocalizedMessage) {
  const params: LocalizedIssueParams = { localizedMessage: message };
  ctx.addIssue({ code: 'custom', input, message: message['en-US'], params });
}

const SHAPES = {
  date: {
    pattern: /^(\d{4})-(\d{2})-(\d{2})$/,
    example: 'YYYY-MM-DD',
    format: 'date',
  },
  month: {
    pattern: /^(\d{4})-(\d{2})$/,
    example: 'YYYY-MM',
    format: 'month',
  },
  dateTime: {
    pattern: /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/,
    example: 'YYYY-MM-DD HH:mm:ss',
    format: 'wire-date-time',
  },
} as const;
type Shape = keyof typeof SHAPES;

/** Why `value` is not a `shape` in the years 1900-2199, or undefined when it is one. */
export function dateProblem(shape: Shape, value: string): LocalizedMessage | undefined {
  const { pattern, example } = SHAPES[shape];
  const parts = pattern.exec(value);
  if (!parts) {
    const what = { date: ['日期', 'a date'], month: ['月份', 'a month'], dateTime: ['时间', 'a date-time'] }[
      shape
    ];
    return { 'zh-CN': `须为${what[0]} ${example}`, 'en-US': `must be ${what[1]} ${example}` };
  }
  const [year, month, day = 1, hour = 0, minute = 0, second = 0] = parts.slice(1).map(Number) as number[];
  if (year === undefined || year < DATE_YEAR_MIN || year > DATE_YEAR_MAX)
    return {
      'zh-CN': `年份须在 ${DATE_YEAR_MIN}-${DATE_YEAR_MAX} 之间`,
      'en-US': `must be in the years ${DATE_YEAR_MIN}-${DATE_YEAR_MAX}`,
    };
  const date = new Date(Date.UTC(year, (month ?? 1) - 1, day));
  const realDay = date.getUTCMonth() === (month ?? 1) - 1 && date.getUTCDate() === day;
  if (!realDay || (month ?? 0) < 1 || (month ?? 0) > 12)
    return shape === 'month'
      ? { 'zh-CN': '月份不存在', 'en-US': 'no such month' }
      : { 'zh-CN': '日期不存在', 'en-US': 'no such date' };
  if (hour > 23 || minute > 59 || second > 59) return { 'zh-CN': '时间不存在', 'en-US': 'no such time' };
  return undefined;
}

/** True when `value` is a real `shape` in the years 1900-2199. */
export const isValidDate = (shape: Shape, value: string): boolean => dateProblem(shape, value) === undefined;

const dateShapeField = (shape: Shape) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = dateProblem(shape, value);
      if (problem) reportLocalized(ctx, value, problem);
    })
    // The OpenAPI document states the shape and the years (the refinement above is not visible there).
    .meta({
      format: SHAPES[shape].format,
      pattern: {
        date: '^(19|20|21)\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
        month: '^(19|20|21)\\d{2}-(0[1-9]|1[0-2])$',
        dateTime:
          '^(19|20|21)\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01]) ([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$',
      }[shape],
      description: `${SHAPES[shape].example}, in the years ${DATE_YEAR_MIN}-${DATE_YEAR_MAX}`,
    });

/** A calendar day `YYYY-MM-DD` of a request (business time), 1900-01-01 to 2199-12-31. */
export const dateField = dateShapeField('date');

/** A month `YYYY-MM` of a request, 1900-01 to 2199-12. */
export const monthField = dateShapeField('month');

/** A date-time `YYYY-MM-DD HH:mm:ss` of a request (business time), in the years 1900-2199. */
export const dateTimeField = dateShapeField('dateTime');
