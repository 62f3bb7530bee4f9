import { z } from 'zod';
import { worded } from './wordings.ts';

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

/**
 * Keyset paging (issue 21 item 3) of the lists that run deep (fans, the ledger, crowd-pack
 * members). `cursor` is opaque: the answer's `nextCursor` / `prevCursor`, made for this designer,
 * list, filter and sort. With a cursor and no `page`, the answer is the page after (before) it;
 * with both, the page asked for, read from the cursor when that is nearer than the list's start
 * (a move of one page is then a keyset seek, never an offset). Without one, `page` as before.
 */
export const pageCursorField = z
  .string()
  .min(1)
  .max(400)
  .regex(
    /^[A-Za-z0-9_-]+$/,
    worded('不是有效的翻页位置，请从第一页重新开始', 'not a valid cursor; start again from the first page'),
  );

export const cursorPageQuerySchema = pageQuerySchema.extend({
  /** Optional here (no default): with a cursor alone, the cursor says which page. */
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  cursor: pageCursorField.optional(),
});

/** What a keyset-paged list answers beside the page: the cursors of its neighbours, null at the ends. */
export const cursorPageFields = {
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
};

export const cursorListPageSchema = <T extends z.ZodType>(item: T) =>
  listPageSchema(item).extend(cursorPageFields);

export type CursorListPage<T> = ListPage<T> & { nextCursor: string | null; prevCursor: string | null };

/** Query of a GET with no parameters of its own: only the `_t` cache-buster is accepted. */
export const emptyQuerySchema = z.strictObject({ _t: z.coerce.number().optional() });
