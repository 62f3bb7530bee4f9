import type { VaultBalance } from '@dc/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { toWireDateTime } from '../../http/wire-time.ts';

/**
 * Balance cards. Withdrawals are the only money leaving the vault, so:
 * totalEarned = Σ net of every non-withdrawal entry; pending = its unsettled part;
 * withdrawn = −Σ net of withdrawals; available = totalEarned − pending − withdrawn.
 */
export async function vaultBalance(db: Database, designerId: number): Promise<VaultBalance> {
  const [row] = await db
    .select({
      total: sql<
        string | null
      >`sum(${ledgerEntries.net}) filter (where ${ledgerEntries.kind} <> 'withdrawal')`,
      pending: sql<
        string | null
      >`sum(${ledgerEntries.net}) filter (where ${ledgerEntries.kind} <> 'withdrawal' and ${ledgerEntries.state} = 'pending')`,
      withdrawn: sql<
        string | null
      >`-sum(${ledgerEntries.net}) filter (where ${ledgerEntries.kind} = 'withdrawal')`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.designerId, designerId));
  const totalEarned = Number(row?.total ?? 0);
  const pending = Number(row?.pending ?? 0);
  const withdrawn = Number(row?.withdrawn ?? 0);
  return {
    available: totalEarned - pending - withdrawn,
    pending,
    withdrawn,
    totalEarned,
    computedAt: toWireDateTime(new Date()),
  };
}
