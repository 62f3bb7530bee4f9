import { PHONE_PATTERN } from '@dc/contract';
import { members } from '../db/schema/index.ts';
import { findAccount } from '../modules/auth/index.ts';
import { type AdminCommand, AdminFailure, AdminUsageError } from './registry.ts';

const NICKNAME_MAX = 32;

/** `13812345678` → `138****5678`, the only form the console keeps. */
export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/**
 * The platform's side of self information › members: a platform user binding to a designer
 * happens in the platform's app; on a self-hosted install the operator records it here.
 */
export const memberCommands: AdminCommand[] = [
  {
    words: ['members', 'bind'],
    args: '<account> <nickname> <phone>',
    summary: 'record a platform user binding to a designer (the platform app does it in production)',
    minArgs: 3,
    async run(ctx, [key, nickname, phone]) {
      const name = nickname?.trim() ?? '';
      if (!name || name.length > NICKNAME_MAX)
        throw new AdminUsageError(`nickname: 1 to ${NICKNAME_MAX} characters`);
      if (!phone || !PHONE_PATTERN.test(phone)) throw new AdminUsageError('phone: 11 digits');
      const account = key ? await findAccount(ctx.db, key) : undefined;
      if (!account) throw new AdminFailure(`no account ${JSON.stringify(key ?? '')} (name, phone or #id)`);
      const [row] = await ctx.db
        .insert(members)
        .values({ designerId: account.id, nickname: name, phoneMasked: maskPhone(phone), boundAt: ctx.now })
        .returning({ id: members.id });
      ctx.print(`member #${row!.id} ${name} (${maskPhone(phone)}) bound to ${account.account}`);
    },
  },
];
