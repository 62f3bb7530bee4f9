import {
  type BankAccount,
  ErrorCode,
  fenToYuan,
  type ListPage,
  type Withdrawal,
  type WithdrawalBody,
  type WithdrawalState,
} from '@dc/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers, exclusiveApplications, withdrawals } from '../../db/schema/index.ts';
import { lockDesigner } from '../../db/sql-helpers.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { message } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { availableBalance } from './balance.ts';
import { recordLedgerEntry, settleDueEntries } from './ledger.ts';
import { vaultMessages } from './messages.ts';

type Row = typeof withdrawals.$inferSelect;

const masked = (accountNumber: string) => `**** **** ${accountNumber.slice(-4)}`;
const wireOrNull = (at: Date | null) => (at ? toWireDateTime(at) : null);

export const withdrawalToWire = (row: Row): Withdrawal => ({
  id: row.id,
  amount: row.amount,
  bankName: row.bankName,
  accountName: row.accountName,
  accountNumber: masked(row.accountNumber),
  state: row.state,
  failureReason: row.failureReason,
  submittedAt: toWireDateTime(row.submittedAt),
  processedAt: wireOrNull(row.processedAt),
  paidAt: wireOrNull(row.paidAt),
  failedAt: wireOrNull(row.failedAt),
});

/** The bank account of the designer's latest approved exclusive application, if any. */
export async function defaultBankAccount(db: Database, designerId: number): Promise<BankAccount | null> {
  const [row] = await db
    .select({
      bankName: exclusiveApplications.bankName,
      accountName: exclusiveApplications.accountName,
      accountNumber: exclusiveApplications.accountNumber,
    })
    .from(exclusiveApplications)
    .where(
      and(eq(exclusiveApplications.designerId, designerId), eq(exclusiveApplications.status, 'approved')),
    )
    .orderBy(desc(exclusiveApplications.reviewedAt), desc(exclusiveApplications.id))
    .limit(1);
  return row ?? null;
}

/**
 * `POST /vault/withdrawals`: at most the available balance (40000 on `amount`), to the entered
 * account or the exclusive application's (40000 on `bankAccount` when neither). One transaction
 * with the designer locked, so two requests cannot both spend the same balance; the money leaves
 * the balance at once as a 'withdrawal' ledger entry.
 */
export async function requestWithdrawal(
  db: Database,
  designerId: number,
  body: WithdrawalBody,
  now: Date,
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    await lockDesigner(tx, designerId);
    await settleDueEntries(tx, designerId, now);
    const available = await availableBalance(tx, designerId);
    if (body.amount > available) {
      throw invalidField('amount', message(vaultMessages.amountAvailable, { yuan: fenToYuan(available) }));
    }
    const account = body.bankAccount ?? (await defaultBankAccount(tx, designerId));
    if (!account) throw invalidField('bankAccount', vaultMessages.noBankAccount);
    const [row] = await tx
      .insert(withdrawals)
      .values({ designerId, amount: body.amount, ...account, state: 'submitted', submittedAt: now })
      .returning();
    await recordLedgerEntry(tx, {
      designerId,
      kind: 'withdrawal',
      amount: -body.amount,
      state: 'withdrawn',
      title: `提现到 ${account.bankName} ${account.accountNumber.slice(-4)}`,
      withdrawalId: row!.id,
      createdAt: now,
      settledAt: null,
    });
    await recordAuditEvent(tx, {
      designerId,
      action: 'withdrawal-request',
      targetType: 'withdrawal',
      targetId: row!.id,
      summary: `Withdrawal of ${fenToYuan(body.amount)} yuan to ${account.bankName} ${account.accountNumber.slice(-4)}`,
      at: now,
    });
    return withdrawalToWire(row!);
  });
}

/** `GET /vault/withdrawals`: newest first (`order=asc` oldest first), optionally of one state. */
export async function listWithdrawals(
  db: Database,
  designerId: number,
  query: { page: number; pageSize: number; order: 'asc' | 'desc'; state?: WithdrawalState },
): Promise<ListPage<Withdrawal>> {
  const where = and(
    eq(withdrawals.designerId, designerId),
    query.state ? eq(withdrawals.state, query.state) : undefined,
  );
  const totalNumber = await db.$count(withdrawals, where);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(direction(withdrawals.submittedAt), direction(withdrawals.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    dataList: rows.map(withdrawalToWire),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
  };
}

/** Every designer's withdrawals for the operator, oldest first, with the account name. */
export async function listAllWithdrawals(db: Database, state?: WithdrawalState) {
  return db
    .select({ withdrawal: withdrawals, account: designers.account })
    .from(withdrawals)
    .innerJoin(designers, eq(designers.id, withdrawals.designerId))
    .where(state ? eq(withdrawals.state, state) : undefined)
    .orderBy(asc(withdrawals.submittedAt), asc(withdrawals.id));
}

export type WithdrawalAction = 'process' | 'pay' | 'fail';
const FROM: Record<WithdrawalAction, WithdrawalState[]> = {
  process: ['submitted'],
  pay: ['processing'],
  fail: ['submitted', 'processing'],
};

/**
 * The operator moves a withdrawal on: submitted → processing → paid, or → failed with a reason,
 * which gives the money back to the balance (a reversing 'withdrawal' entry, the ledger staying
 * append-only). Another state: 40900.
 */
export async function transitionWithdrawal(
  db: Database,
  id: number,
  action: WithdrawalAction,
  now: Date,
  reason = '',
): Promise<{ withdrawal: Row; from: WithdrawalState }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!current) throw notFound(message(vaultMessages.noSuchWithdrawal, { id }));
    if (!FROM[action].includes(current.state)) {
      throw new ApiError(
        ErrorCode.conflict,
        message(vaultMessages.withdrawalStateRefuses, { id, state: current.state, action }),
      );
    }
    const change =
      action === 'process'
        ? { state: 'processing' as const, processedAt: now }
        : action === 'pay'
          ? { state: 'paid' as const, paidAt: now }
          : { state: 'failed' as const, failedAt: now, failureReason: reason.slice(0, 200) };
    const [row] = await tx.update(withdrawals).set(change).where(eq(withdrawals.id, id)).returning();
    if (action === 'pay') {
      await tx.execute(
        sql`update ledger_entries set settled_at = ${now.toISOString()}::timestamptz where withdrawal_id = ${id}`,
      );
    }
    if (action === 'fail') {
      await recordLedgerEntry(tx, {
        designerId: current.designerId,
        kind: 'withdrawal',
        amount: current.amount,
        state: 'withdrawn',
        title: `提现失败退回：${reason}`.slice(0, 128),
        withdrawalId: id,
        createdAt: now,
        settledAt: now,
      });
    }
    await recordAuditEvent(tx, {
      designerId: current.designerId,
      action: 'withdrawal-transition',
      targetType: 'withdrawal',
      targetId: id,
      summary: `Withdrawal #${id} ${current.state} → ${row!.state}${action === 'fail' ? `: ${reason}` : ''}`,
      at: now,
    });
    return { withdrawal: row!, from: current.state };
  });
}
