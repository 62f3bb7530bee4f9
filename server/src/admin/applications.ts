import { type ApplicationStatus, applicationStatuses } from '@dc/contract';
import { toWireDateTime } from '../http/wire-time.ts';
import { listAllApplications, reviewApplication } from '../modules/exclusive/index.ts';
import { asAdmin, idArgument } from './failures.ts';
import { type AdminCommand, AdminUsageError, table } from './registry.ts';

/** The platform's review of exclusive-designer applications (issue 4 item 7). */
export const applicationCommands: AdminCommand[] = [
  {
    words: ['applications', 'list'],
    args: '[pending|approved|rejected]',
    summary: 'exclusive-designer applications, oldest first',
    maxArgs: 1,
    async run(ctx, [status]) {
      if (status !== undefined && !applicationStatuses.includes(status as ApplicationStatus)) {
        throw new AdminUsageError(`status must be one of ${applicationStatuses.join(', ')}`);
      }
      const rows = await listAllApplications(ctx.db, status as ApplicationStatus | undefined);
      for (const line of table(
        ['id', 'account', 'provider', 'status', 'attempt', 'real name', 'submitted', 'reviewed', 'reason'],
        rows.map((r) => [
          String(r.id),
          r.account,
          r.providerName,
          r.status,
          String(r.attempt),
          r.realName,
          toWireDateTime(r.submittedAt),
          r.reviewedAt ? toWireDateTime(r.reviewedAt) : '',
          r.rejectReason ?? '',
        ]),
      )) {
        ctx.print(line);
      }
      ctx.print(`${rows.length} application(s)`);
    },
  },
  {
    words: ['applications', 'approve'],
    args: '<id>',
    summary: 'pending → approved; notifies the designer',
    minArgs: 1,
    async run(ctx, [id]) {
      const applicationId = idArgument(id, 'id');
      const { application, providerName } = await asAdmin(() =>
        reviewApplication(ctx.db, applicationId, { approve: true }, ctx.now),
      );
      ctx.print(`application #${application.id} (${providerName}): pending → approved`);
    },
  },
  {
    words: ['applications', 'reject'],
    args: '<id> <reason>',
    summary: 'pending → rejected with the reason; notifies the designer',
    minArgs: 2,
    maxArgs: 100,
    async run(ctx, [id, ...words]) {
      const applicationId = idArgument(id, 'id');
      const reason = words.join(' ');
      const { application, providerName } = await asAdmin(() =>
        reviewApplication(ctx.db, applicationId, { approve: false, reason }, ctx.now),
      );
      ctx.print(`application #${application.id} (${providerName}): pending → rejected (${reason.trim()})`);
    },
  },
];
