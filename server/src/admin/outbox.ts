import { PHONE_PATTERN } from '@dc/contract';
import { listOutbox } from '../modules/sms/index.ts';
import { type AdminCommand, AdminUsageError, table } from './registry.ts';

export const outboxCommands: AdminCommand[] = [
  {
    words: ['outbox'],
    args: '[phone]',
    summary: 'the latest 20 text messages of SMS_PROVIDER=outbox (codes included)',
    maxArgs: 1,
    async run(ctx, [phone]) {
      if (phone !== undefined && !PHONE_PATTERN.test(phone)) throw new AdminUsageError('phone: 11 digits');
      const items = await listOutbox(ctx.db, { phone, limit: 20 });
      for (const line of table(
        ['sent', 'phone', 'purpose', 'text'],
        items.map((item) => [item.sentAt, item.phone, item.purpose, item.text]),
      )) {
        ctx.print(line);
      }
      ctx.print(`${items.length} message(s)`);
    },
  },
];
