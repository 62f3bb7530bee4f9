import { z } from 'zod';

/** Every answer of the API: `{code, status, msg, data}`; success is code 200, status 0. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), status: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; status: number; msg: string; data: T };

export interface FieldError {
  path: string;
  message: string;
}

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/** `data` of a 40000 answer. */
export const validationErrorDataSchema = z.object({ errors: z.array(fieldErrorSchema) });

/** The list answer of spec section 3: `data: {dataList, totalNumber, totalPages}`. */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ dataList: z.array(item), totalNumber: z.number().int(), totalPages: z.number().int() });

export type ListPage<T> = { dataList: T[]; totalNumber: number; totalPages: number };

export const emptyListPage = <T>(): ListPage<T> => ({ dataList: [], totalNumber: 0, totalPages: 0 });

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/** Paging query shared by every list: `page` from 1, `pageSize` default 10, at most 100. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Cache-buster the web appends to every GET (spec section 7); accepted and ignored. */
  _t: z.coerce.number().optional(),
});

/** Query of a GET with no parameters of its own: only the `_t` cache-buster is accepted. */
export const emptyQuerySchema = z.strictObject({ _t: z.coerce.number().optional() });
