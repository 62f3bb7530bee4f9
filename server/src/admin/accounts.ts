import { type AccountStatusValue, accountStatuses } from '@dc/contract';
import { toWireDateTime } from '../http/wire-time.ts';
import { type AccountRow, findAccount, listAccounts, setAccountStatus } from '../modules/auth/index.ts';
import { type AdminCommand, type AdminContext, AdminFailure, AdminUsageError, table } from './registry.ts';

async function accountOf(ctx: AdminContext, key: string | undefined): Promise<AccountRow> {
  const account = key ? await findAccount(ctx.db, key) : undefined;
  if (!account) throw new AdminFailure(`no account ${JSON.stringify(key ?? '')} (name, phone or #id)`);
  return account;
}

/** A status change from the states in `from` to `to`; anything else is refused, exit 1. */
function transition(
  words: string[],
  summary: string,
  from: AccountStatusValue[],
  to: AccountStatusValue,
): AdminCommand {
  return {
    words,
    args: '<account>',
    summary,
    minArgs: 1,
    async run(ctx, [key]) {
      const account = await accountOf(ctx, key);
      if (account.status === to) {
        ctx.print(`${account.account}: already ${to}`);
        return;
      }
      if (!from.includes(account.status)) {
        throw new AdminFailure(
          `${account.account} is ${account.status}; ${words.join(' ')} applies to ${from.join(' or ')}`,
        );
      }
      const ended = await setAccountStatus(ctx.db, account.id, to, ctx.now);
      ctx.print(
        `${account.account}: ${account.status} → ${to}${ended ? ` (${ended} session(s) ended)` : ''}`,
      );
    },
  };
}

export const accountCommands: AdminCommand[] = [
  {
    words: ['accounts', 'list'],
    args: '[active|pending_review|frozen]',
    summary: 'accounts with phone, status and newly_register',
    maxArgs: 1,
    async run(ctx, [status]) {
      if (status !== undefined && !accountStatuses.includes(status as AccountStatusValue)) {
        throw new AdminUsageError(`status must be one of ${accountStatuses.join(', ')}`);
      }
      const rows = await listAccounts(ctx.db, status as AccountStatusValue | undefined);
      const lines = table(
        ['id', 'account', 'phone', 'nickname', 'status', 'newly_register', 'created'],
        rows.map((r) => [
          String(r.id),
          r.account,
          r.phone ?? '',
          r.nickname,
          r.status,
          r.newlyRegister ? '1' : '0',
          toWireDateTime(r.createdAt),
        ]),
      );
      for (const line of lines) ctx.print(line);
      ctx.print(`${rows.length} account(s)`);
    },
  },
  transition(['accounts', 'approve'], 'pending_review → active', ['pending_review'], 'active'),
  transition(
    ['accounts', 'freeze'],
    'active or pending_review → frozen; ends its sessions',
    ['active', 'pending_review'],
    'frozen',
  ),
  transition(['accounts', 'unfreeze'], 'frozen → active', ['frozen'], 'active'),
  transition(
    ['accounts', 'hold'],
    'active → pending_review (back to review); ends its sessions',
    ['active'],
    'pending_review',
  ),
];
