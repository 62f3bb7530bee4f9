import { type SQL, sql } from 'drizzle-orm';

/**
 * Deterministic SQL expressions for set-based generation: every generated value is a function
 * of the row number and the run's seed (an integer hash in bigint arithmetic, the same idea as
 * the demo seed's fan generator), so the same seed and scale give the same rows on any machine.
 */
/** An integer in [0, 2^28) from the row number `n`, the seed and a salt naming the field. */
export type RowHash = (n: SQL, salt: string) => SQL;

const saltOf = (salt: string) =>
  [...salt].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7) % 1_000_003;

export function rowHash(seed: number): RowHash {
  return (n, salt) => {
    const offset = ((saltOf(salt) * 7919 + seed * 104_729) % 4_294_967_296) >>> 0;
    const x0 = sql`((${n})::bigint * 2654435761 + ${sql.raw(String(offset))}) % 4294967296`;
    const x1 = sql`((((${x0}) # ((${x0}) >> 15)) * 73244475) % 4294967296)`;
    return sql`((((${x1}) # ((${x1}) >> 13)) % 268435456)::int)`;
  };
}

/** One of `items` (a SQL array), picked by the hash. */
export const pick = (hash: RowHash, items: SQL, n: SQL, salt: string) =>
  sql`(${items})[1 + ${hash(n, salt)} % cardinality(${items})]`;

/** A timestamptz literal. */
export const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
