import { ErrorCode, type LoginAnswer } from '@dc/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type AccountStatus, designers } from '../../db/schema/index.ts';
import type { AccountCtx } from '../../http/account-context.ts';
import { ApiError } from '../../http/api-error.ts';
import { codeRejected } from '../../http/failures.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { consumeCode, verifyCode } from '../sms/index.ts';
import { admitLoginAttempt, clearLoginFailures, countLoginFailure, loginFailureKey } from './login-limits.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import { openSession } from './sessions.ts';

// Signing in: by account and password or by phone code, counted against the login limits.

/** A sign-in in the caller's transaction: the session plus its audit event. */
export async function signIn(
  tx: Database,
  ctx: AccountCtx,
  designerId: number,
  persistent: boolean,
  how: string,
): Promise<string> {
  const { token, sessionId } = await openSession(tx, ctx.policy, designerId, persistent, ctx.now);
  await recordAuditEvent(tx, {
    designerId,
    action: 'sign-in',
    targetType: 'session',
    targetId: sessionId,
    summary: `Signed in ${how}`,
    at: ctx.now,
    sessionId,
    actor: 'designer',
  });
  return token;
}

/** A failed sign-in, kept for the account it aimed at (null: no such account). */
async function recordSignInFailure(ctx: AccountCtx, designerId: number | null, what: string): Promise<void> {
  await recordAuditEvent(ctx.db, {
    designerId,
    action: 'sign-in-failed',
    summary: what,
    at: ctx.now,
    actor: 'designer',
  });
}

export interface CredentialOwner {
  id: number;
  account: string;
  passwordHash: string;
  status: AccountStatus;
  newlyRegister: boolean;
}

/**
 * Account name (any case) or phone plus password, rate-limited per account and address: the
 * account, whatever its status (the caller decides what a non-active one may do). 20001 for an
 * unknown account and a wrong password alike, in comparable time.
 */
export async function verifyCredentials(
  ctx: AccountCtx,
  account: string,
  password: string,
): Promise<CredentialOwner> {
  const [designer] = await ctx.db
    .select({
      id: designers.id,
      account: designers.account,
      passwordHash: designers.passwordHash,
      status: designers.status,
      newlyRegister: designers.newlyRegister,
    })
    .from(designers)
    .where(
      and(
        isNull(designers.deletedAt),
        or(sql`lower(${designers.account}) = lower(${account})`, eq(designers.phone, account)),
      ),
    )
    .limit(1);
  const rateKey = loginFailureKey(designer?.id, account);
  await admitLoginAttempt(ctx, rateKey);
  const passwordOk = await verifyPassword(password, designer?.passwordHash ?? (await decoyPasswordHash));
  if (!designer || !passwordOk) {
    await countLoginFailure(ctx);
    await recordSignInFailure(ctx, designer?.id ?? null, `Wrong password for "${account.slice(0, 64)}"`);
    throw new ApiError(ErrorCode.wrongCredentials);
  }
  await clearLoginFailures(ctx, rateKey);
  return designer;
}

/** Account name (any case) or phone plus password; a non-active account answers 20012. */
export async function login(
  ctx: AccountCtx,
  input: { account: string; password: string; remember?: boolean | undefined },
): Promise<LoginAnswer> {
  const designer = await verifyCredentials(ctx, input.account, input.password);
  if (designer.status !== 'active') throw new ApiError(ErrorCode.accountInactive);
  const token = await ctx.db.transaction((tx) =>
    signIn(tx, ctx, designer.id, input.remember ?? false, 'with account and password'),
  );
  return { token, newly_register: designer.newlyRegister ? 1 : 0 };
}

/**
 * Phone plus the code `sendCode` sent it for `login`: wrong, expired or used codes 20002
 * (counted like failed passwords), a non-active account 20012. The code is spent with the login.
 */
export async function loginByPhone(
  ctx: AccountCtx,
  input: { phone: string; code: string; remember?: boolean | undefined },
): Promise<LoginAnswer> {
  const [designer] = await ctx.db
    .select({ id: designers.id, status: designers.status, newlyRegister: designers.newlyRegister })
    .from(designers)
    .where(and(isNull(designers.deletedAt), eq(designers.phone, input.phone)));
  const rateKey = loginFailureKey(designer?.id, input.phone);
  await admitLoginAttempt(ctx, rateKey);
  let codeId: number;
  try {
    codeId = await verifyCode(ctx, { phone: input.phone, purpose: 'login', code: input.code });
  } catch (error) {
    await countLoginFailure(ctx);
    await recordSignInFailure(ctx, designer?.id ?? null, 'Wrong or expired sign-in code');
    throw error;
  }
  if (!designer) throw codeRejected();
  if (designer.status !== 'active') throw new ApiError(ErrorCode.accountInactive);
  await clearLoginFailures(ctx, rateKey);
  const token = await ctx.db.transaction(async (tx) => {
    await consumeCode(tx, codeId, ctx.now);
    return signIn(tx, ctx, designer.id, input.remember ?? false, 'with a phone code');
  });
  return { token, newly_register: designer.newlyRegister ? 1 : 0 };
}
