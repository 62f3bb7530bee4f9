import { fenToYuan, type WithdrawalState, withdrawalStateValues } from '@dc/contract';
import { toWireDateTime } from '../http/wire-time.ts';
import {
  listAllWithdrawals,
  transitionWithdrawal,
  type WithdrawalAction,
  withdrawalStateLabel,
} from '../modules/vault/index.ts';
import { asAdmin, idArgument } from './failures.ts';
import { type AdminCommand, type AdminContext, AdminUsageError, table } from './registry.ts';

const label = (state: WithdrawalState) => `${state} (${withdrawalStateLabel(state, 'zh-CN')})`;

async function move(ctx: AdminContext, key: string | undefined, action: WithdrawalAction, reason = '') {
  const id = idArgument(key, 'id');
  const { withdrawal, from } = await asAdmin(() => transitionWithdrawal(ctx.db, id, action, ctx.now, reason));
  ctx.print(
    `withdrawal #${withdrawal.id} ${fenToYuan(withdrawal.amount)} yuan: ${label(from)} → ${label(withdrawal.state)}`,
  );
}

/** The platform's side of withdrawals (issue 6 item 1): submitted → processing → paid | failed. */
export const withdrawalCommands: AdminCommand[] = [
  {
    words: ['withdrawals', 'list'],
    args: `[${withdrawalStateValues.join('|')}]`,
    summary: 'withdrawals of every designer, oldest first',
    maxArgs: 1,
    async run(ctx, [state]) {
      if (state !== undefined && !withdrawalStateValues.includes(state as WithdrawalState)) {
        throw new AdminUsageError(`state: one of ${withdrawalStateValues.join(', ')}`);
      }
      const rows = await listAllWithdrawals(ctx.db, state as WithdrawalState | undefined);
      for (const line of table(
        ['id', 'account', 'amount', 'bank', 'account no.', 'state', 'submitted', 'reason'],
        rows.map(({ withdrawal: w, account }) => [
          String(w.id),
          account,
          fenToYuan(w.amount),
          w.bankName,
          `****${w.accountNumber.slice(-4)}`,
          label(w.state),
          toWireDateTime(w.submittedAt),
          w.failureReason ?? '',
        ]),
      )) {
        ctx.print(line);
      }
      ctx.print(`${rows.length} withdrawal(s)`);
    },
  },
  {
    words: ['withdrawals', 'process'],
    args: '<id>',
    summary: 'submitted → processing',
    minArgs: 1,
    async run(ctx, [id]) {
      await move(ctx, id, 'process');
    },
  },
  {
    words: ['withdrawals', 'pay'],
    args: '<id>',
    summary: 'processing → paid',
    minArgs: 1,
    async run(ctx, [id]) {
      await move(ctx, id, 'pay');
    },
  },
  {
    words: ['withdrawals', 'fail'],
    args: '<id> <reason>',
    summary: 'submitted or processing → failed; the money returns to the balance',
    minArgs: 2,
    maxArgs: 100,
    async run(ctx, [id, ...reason]) {
      await move(ctx, id, 'fail', reason.join(' '));
    },
  },
];
