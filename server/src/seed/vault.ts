import type { Database } from '../db/client.ts';
import { ledgerEntries, withdrawals } from '../db/schema/index.ts';
import { rebuildLedgerRollups } from '../modules/vault/index.ts';
import { businessDayStart, DAY_MS, HOUR_MS } from '../time/business-day.ts';
import {
  boutiqueSaleEntries,
  courseSaleEntries,
  type LedgerRow,
  partnerDividendEntries,
  videoRewardEntries,
} from './vault-sources.ts';

/** demo withdraws this share of the available balance on the 28th of every month, when over ¥1,000. */
const WITHDRAWAL_PERCENT = 60;
const WITHDRAWAL_MINIMUM = 100_000;

/**
 * demo's ledger, made from the rows the other areas seeded (issue 6: never an invented series):
 * course purchases, boutique orders (and their refunds), video plays and paid partner dividends
 * (seed/vault-sources.ts), plus demo's own monthly withdrawals. Run after those seeds.
 */
export async function demoLedger(db: Database, designerId: number, now: Date): Promise<LedgerRow[]> {
  const income = [
    ...(await courseSaleEntries(db, designerId, now)),
    ...(await boutiqueSaleEntries(db, designerId, now)),
    ...(await videoRewardEntries(db, designerId, now)),
    ...(await partnerDividendEntries(db, designerId, now)),
  ];
  const rows = [...income, ...monthlyWithdrawals(designerId, income, now)];
  // In time order (stable: the sources' own orders break ties), so ids follow time.
  return rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
}

/**
 * On the 28th of each month (10:00 Asia/Shanghai, paid the next day), a withdrawal of
 * WITHDRAWAL_PERCENT of what was available then: income settled by that time (refunded sales and
 * their refunds cancel out) less the earlier withdrawals. Never more than the balance of the time.
 */
export function monthlyWithdrawals(designerId: number, income: LedgerRow[], now: Date): LedgerRow[] {
  const settling = income
    .filter((row) => row.state !== 'refunded' && row.settleDueAt)
    .map((row) => ({ at: (row.settleDueAt as Date).getTime(), net: row.net }))
    .sort((a, b) => a.at - b.at);
  const rows: LedgerRow[] = [];
  let available = 0;
  let cursor = 0;
  const month = new Date(now.getTime() - 366 * DAY_MS);
  for (let m = 0; m <= 13; m++) {
    const date = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + m, 28));
    const submittedAt = new Date(businessDayStart(date.toISOString().slice(0, 10)).getTime() + 10 * HOUR_MS);
    const paidAt = new Date(submittedAt.getTime() + DAY_MS);
    if (paidAt.getTime() > now.getTime()) break;
    for (; cursor < settling.length && settling[cursor]!.at <= submittedAt.getTime(); cursor++) {
      available += settling[cursor]!.net;
    }
    if (available <= WITHDRAWAL_MINIMUM) continue;
    const amount = Math.floor((available * WITHDRAWAL_PERCENT) / 100 / 100) * 100;
    available -= amount;
    rows.push({
      designerId,
      kind: 'withdrawal',
      amount: -amount,
      fee: 0,
      net: -amount,
      state: 'withdrawn',
      title: '提现到银行卡',
      createdAt: submittedAt,
      settledAt: paidAt,
    });
  }
  return rows;
}

/** demo's payout account: the one of the approved exclusive application (seed/exclusive.ts). */
const DEMO_BANK = { bankName: '招商银行', accountName: '林晓岚', accountNumber: '6225880212345678' };

/**
 * Inserts a seeded ledger: each withdrawal entry gets its paid `withdrawals` row first, then the
 * entries go in, then the designer's rollups are rebuilt from them (one pass, not per row).
 */
export async function insertInChunks(db: Database, rows: LedgerRow[], chunk = 500): Promise<void> {
  for (const row of rows) {
    if (row.kind !== 'withdrawal') continue;
    const submittedAt = row.createdAt as Date;
    const paidAt = (row.settledAt as Date | null) ?? submittedAt;
    const [withdrawal] = await db
      .insert(withdrawals)
      .values({
        designerId: row.designerId,
        amount: -row.amount,
        ...DEMO_BANK,
        state: 'paid',
        submittedAt,
        processedAt: new Date(submittedAt.getTime() + 2 * HOUR_MS),
        paidAt,
      })
      .returning({ id: withdrawals.id });
    row.withdrawalId = withdrawal!.id;
    row.title = `提现到 ${DEMO_BANK.bankName} ${DEMO_BANK.accountNumber.slice(-4)}`;
  }
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insert(ledgerEntries).values(rows.slice(i, i + chunk));
  }
  const designerIds = new Set(rows.map((row) => row.designerId));
  for (const designerId of designerIds) await rebuildLedgerRollups(db, designerId);
}
