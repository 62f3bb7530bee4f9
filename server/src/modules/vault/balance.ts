import { SETTLEMENT_DAYS, type VaultBalance, type VaultBalanceFigures } from '@dc/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerEntries as l, ledgerDailyRollups as r } from '../../db/schema/index.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { addDays, businessDayOf } from '../../time/business-day.ts';
import { settleDueEntries } from './ledger.ts';

const sumOf = (value: string | null | undefined) => Number(value ?? 0);

/**
 * Above this many due-but-unsettled entries a balance read settles them (one statement) so the
 * correction below stays a short index range; below it the read writes nothing.
 */
export const SETTLE_ON_READ_ABOVE = 1_000;

/**
 * Balance cards, from the daily rollups. Withdrawals are the only money leaving the vault, so:
 * totalEarned = Σ net of every non-withdrawal entry; pending = its unsettled part;
 * withdrawn = −Σ net of withdrawals; available = totalEarned − pending − withdrawn.
 *
 * `previous` is the same at the end of the business day `days` ago: sums of the days up to it,
 * and as pending the income of its last SETTLEMENT_DAYS days (income settles SETTLEMENT_DAYS after
 * it is earned; refunded income excluded).
 *
 * One read, no write (issue 10: it used to settle in a transaction on every call): income that
 * has come due but is not settled yet still sits in the pending rollups, so its sum (the partial
 * index on pending entries, by due time) is taken off pending in the same statement and snapshot.
 * Settling (ledger page, withdrawals, or here past SETTLE_ON_READ_ABOVE) moves the same money
 * between the same cards, so the figures do not depend on when settlement last ran.
 */
export async function vaultBalance(
  db: Database,
  designerId: number,
  days: number,
  now: Date,
): Promise<VaultBalance> {
  const cutoff = addDays(businessDayOf(now), -days);
  const pendingFrom = addDays(cutoff, -(SETTLEMENT_DAYS - 1));
  const notWithdrawal = sql`${r.kind} <> 'withdrawal'`;
  // A literal 'pending', not a parameter, so the planner uses the partial index on pending rows.
  const due = sql`from ${l} where ${l.designerId} = ${designerId} and ${l.state} = 'pending'
        and ${l.settleDueAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      total: sql<string | null>`sum(${r.net}) filter (where ${notWithdrawal})`,
      pending: sql<string | null>`sum(${r.net}) filter (where ${notWithdrawal} and ${r.state} = 'pending')`,
      withdrawn: sql<string | null>`-sum(${r.net}) filter (where ${r.kind} = 'withdrawal')`,
      previousTotal: sql<
        string | null
      >`sum(${r.net}) filter (where ${notWithdrawal} and ${r.day} <= ${cutoff})`,
      previousPending: sql<
        string | null
      >`sum(${r.net}) filter (where ${r.kind} in ('course_sale', 'boutique_sale', 'video_reward', 'partner_dividend') and ${r.state} in ('pending', 'available') and ${r.day} between ${pendingFrom} and ${cutoff})`,
      previousWithdrawn: sql<
        string | null
      >`-sum(${r.net}) filter (where ${r.kind} = 'withdrawal' and ${r.day} <= ${cutoff})`,
      dueNet: sql<string>`(select coalesce(sum(${l.net}), 0) ${due})`,
      dueEntries: sql<string>`(select count(*) ${due})`,
    })
    .from(r)
    .where(eq(r.designerId, designerId));
  if (Number(row?.dueEntries ?? 0) > SETTLE_ON_READ_ABOVE) await settleDueEntries(db, designerId, now);
  const figures = (total: number, pending: number, withdrawn: number): VaultBalanceFigures => ({
    available: total - pending - withdrawn,
    pending,
    withdrawn,
    totalEarned: total,
  });
  return {
    ...figures(sumOf(row?.total), sumOf(row?.pending) - sumOf(row?.dueNet), sumOf(row?.withdrawn)),
    previous: figures(sumOf(row?.previousTotal), sumOf(row?.previousPending), sumOf(row?.previousWithdrawn)),
    periodDays: days,
    computedAt: toWireDateTime(now),
  };
}

/** The available balance now (for withdrawals; run inside the caller's transaction). */
export async function availableBalance(tx: Database, designerId: number): Promise<number> {
  const [row] = await tx
    .select({
      available: sql<
        string | null
      >`sum(${r.net}) filter (where ${r.kind} = 'withdrawal' or ${r.state} <> 'pending')`,
    })
    .from(r)
    .where(eq(r.designerId, designerId));
  return sumOf(row?.available);
}
