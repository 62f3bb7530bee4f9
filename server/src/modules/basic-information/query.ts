import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers } from '../../db/schema/index.ts';

/** SQL LIKE pattern matching `keyword` anywhere, with `%`, `_` and `\` taken literally. */
export const likePattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column ILIKE %keyword%` (the default escape character is `\`). */
export const containsText = (column: AnyColumn, keyword: string): SQL =>
  sql`${column} ilike ${likePattern(keyword)}`;

/** Business time is Asia/Shanghai, UTC+8 all year. */
const BUSINESS_OFFSET = '+08:00';
const DAY_MS = 86_400_000;

/** The instant a business day `YYYY-MM-DD` starts. */
export const businessDayStart = (day: string): Date => new Date(`${day}T00:00:00${BUSINESS_OFFSET}`);
/** The instant after a business day ends. */
export const businessDayEnd = (day: string): Date => new Date(businessDayStart(day).getTime() + DAY_MS);

/** `YYYYMMDD` of an instant in business time. */
export const businessDayCompact = (at: Date): string =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Locks the designer's row until the transaction ends, so that rules counting or flagging the
 * designer's rows (at most 20 addresses, one default, one active application) run one at a time.
 */
export async function lockDesigner(tx: Database, designerId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: designers.id })
    .from(designers)
    .where(eq(designers.id, designerId))
    .for('update');
  return rows.length > 0;
}

/** Number of a `sum()`/`count()` that PostgreSQL answers as numeric or bigint (a string). */
export const sumOf = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);
