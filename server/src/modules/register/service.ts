import { randomBytes } from 'node:crypto';
import type { RegisterAnswer } from '@dc/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers } from '../../db/schema/index.ts';
import type { AccountCtx } from '../../http/account-context.ts';
import { alreadyTaken, uniqueViolation } from '../../http/failures.ts';
import { checkNewPassword, hashPassword, signIn } from '../auth/index.ts';
import { consumeCode, verifyCode } from '../sms/index.ts';
import { registerMessages } from './messages.ts';

/** Letters and digits that cannot be mistaken for one another. */
const NAME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `dc_` + 8 random characters: the account name of a registration that chose none. */
export function generatedAccountName(): string {
  const bytes = randomBytes(8);
  return `dc_${Array.from(bytes, (b) => NAME_ALPHABET[b % NAME_ALPHABET.length]).join('')}`;
}

export interface NewAccount {
  account?: string | undefined;
  phone: string;
  nickname: string;
  passwordHash: string;
}

/**
 * Inserts a newly registered designer (`newly_register = 1`, active): 20004 when the phone or the
 * chosen account name is taken (any case). Without a name, one is generated.
 */
export async function createAccount(
  db: Database,
  input: NewAccount,
  now: Date,
): Promise<{ id: number; account: string }> {
  const [phoneHolder] = await db
    .select({ id: designers.id })
    .from(designers)
    .where(eq(designers.phone, input.phone));
  if (phoneHolder) throw alreadyTaken('phone', registerMessages.phoneRegistered);
  if (input.account && (await accountNameTaken(db, input.account))) {
    throw alreadyTaken('account', registerMessages.accountTaken);
  }
  let account = input.account ?? generatedAccountName();
  for (let attempt = 0; !input.account && (await accountNameTaken(db, account)); attempt++) {
    if (attempt > 5) throw new Error('could not generate a free account name');
    account = generatedAccountName();
  }
  try {
    const [row] = await db
      .insert(designers)
      .values({
        account,
        phone: input.phone,
        passwordHash: input.passwordHash,
        nickname: input.nickname,
        status: 'active',
        newlyRegister: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: designers.id, account: designers.account });
    return row!;
  } catch (error) {
    // Taken meanwhile by a concurrent registration.
    const constraint = uniqueViolation(error);
    if (constraint === 'designers_phone_key') throw alreadyTaken('phone', registerMessages.phoneRegistered);
    if (constraint !== undefined) throw alreadyTaken('account', registerMessages.accountTaken);
    throw error;
  }
}

async function accountNameTaken(db: Database, account: string): Promise<boolean> {
  const [row] = await db
    .select({ id: designers.id })
    .from(designers)
    .where(sql`lower(${designers.account}) = lower(${account})`);
  return Boolean(row);
}

/**
 * `POST /register`: phone + code (`register`) + password + nickname, terms accepted (the
 * contract checks them). Wrong code 20002, taken phone or name 20004, weak password 40000 on
 * `password`; on any of them nothing is created. Answers a session of the new account.
 */
export async function registerDesigner(
  ctx: AccountCtx,
  input: {
    phone: string;
    code: string;
    password: string;
    nickname: string;
    account?: string | undefined;
    remember?: boolean | undefined;
  },
): Promise<RegisterAnswer> {
  checkNewPassword(input.password, input.account);
  const codeId = await verifyCode(ctx, { phone: input.phone, purpose: 'register', code: input.code });
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    await consumeCode(tx, codeId, ctx.now);
    const created = await createAccount(
      tx,
      { account: input.account, phone: input.phone, nickname: input.nickname, passwordHash },
      ctx.now,
    );
    const token = await signIn(tx, ctx, created.id, input.remember ?? false, 'after registering');
    return { token, newly_register: 1 as const, account: created.account };
  });
}
