import { type ContractStatusValue, contractStatusLabels } from '@dc/contract';
import { toWireDateTime } from '../http/wire-time.ts';
import { type ContractAction, listAllContracts, transitionContract } from '../modules/contracts/index.ts';
import { asAdmin } from './failures.ts';
import { type AdminCommand, type AdminContext, AdminUsageError, table } from './registry.ts';

const label = (status: number) =>
  contractStatusLabels[status as ContractStatusValue]?.['en-US'] ?? String(status);

async function move(ctx: AdminContext, key: string, action: ContractAction, note: string) {
  const { contract, from, to } = await asAdmin(() => transitionContract(ctx.db, key, action, note, ctx.now));
  ctx.print(
    `contract ${contract.code} 《${contract.title}》: ${from} (${label(from)}) → ${to} (${label(to)})`,
  );
}

/** The platform's side of contracts (spec section 4 states): audit, execute, finish. */
export const contractCommands: AdminCommand[] = [
  {
    words: ['contracts', 'list'],
    args: '[status 0-4]',
    summary: 'contracts of every designer, oldest first',
    maxArgs: 1,
    async run(ctx, [status]) {
      if (status !== undefined && !/^[0-4]$/.test(status)) {
        throw new AdminUsageError(
          'status: 0 failed audit, 1 pending audit, 2 pending execution, 3 executing, 4 finished',
        );
      }
      const rows = await listAllContracts(ctx.db, status === undefined ? undefined : Number(status));
      for (const line of table(
        ['id', 'code', 'account', 'provider', 'title', 'type', 'direction', 'amount', 'status', 'created'],
        rows.map((r) => [
          String(r.id),
          r.code,
          r.account,
          r.providerName,
          r.title,
          String(r.type),
          String(r.direction),
          (r.amount / 100).toFixed(2),
          `${r.status} ${label(r.status)}`,
          toWireDateTime(r.createdAt),
        ]),
      )) {
        ctx.print(line);
      }
      ctx.print(`${rows.length} contract(s)`);
    },
  },
  {
    words: ['contracts', 'audit'],
    args: '<id|code> pass|fail [note]',
    summary: '1 pending audit → 2 pending execution (pass) or 0 failed audit (fail)',
    minArgs: 2,
    maxArgs: 100,
    async run(ctx, [key, verdict, ...note]) {
      if (verdict !== 'pass' && verdict !== 'fail') throw new AdminUsageError('verdict: pass or fail');
      await move(ctx, key!, verdict === 'pass' ? 'auditPass' : 'auditFail', note.join(' '));
    },
  },
  {
    words: ['contracts', 'execute'],
    args: '<id|code>',
    summary: '2 pending execution → 3 executing',
    minArgs: 1,
    async run(ctx, [key]) {
      await move(ctx, key!, 'execute', '');
    },
  },
  {
    words: ['contracts', 'finish'],
    args: '<id|code>',
    summary: '3 executing → 4 finished',
    minArgs: 1,
    async run(ctx, [key]) {
      await move(ctx, key!, 'finish', '');
    },
  },
];
