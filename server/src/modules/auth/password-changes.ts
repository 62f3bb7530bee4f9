import { ErrorCode } from '@dc/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { designers } from '../../db/schema/index.ts';
import type { AccountCtx } from '../../http/account-context.ts';
import { ApiError } from '../../http/api-error.ts';
import { codeRejected, fieldFailure } from '../../http/failures.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { consumeCode, verifyCode } from '../sms/index.ts';
import { admitLoginAttempt, clearLoginFailures, countLoginFailure, loginFailureKey } from './login-limits.ts';
import { authMessages } from './messages.ts';
import { checkNewPassword } from './password-rules.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endSessions, type SessionPrincipal } from './sessions.ts';

// Password changes: the designer's own (old password) and a forgotten one (phone code). The
// hashing is passwords.ts, the rules password-rules.ts.

/**
 * Changes the password after checking the current one (20001 when wrong, counted like a failed
 * login); the account's other sessions end (20003), this one stays.
 */
export async function changePassword(
  ctx: AccountCtx,
  principal: SessionPrincipal,
  input: { oldPassword: string; password: string },
): Promise<void> {
  const [designer] = await ctx.db
    .select({ account: designers.account, passwordHash: designers.passwordHash })
    .from(designers)
    .where(eq(designers.id, principal.designerId));
  if (!designer) throw new ApiError(ErrorCode.accountMissing);
  // The same counter as the account's logins: a stolen session cannot guess the password faster.
  const rateKey = loginFailureKey(principal.designerId, designer.account);
  await admitLoginAttempt(ctx, rateKey);
  if (!(await verifyPassword(input.oldPassword, designer.passwordHash))) {
    await countLoginFailure(ctx);
    throw fieldFailure(ErrorCode.wrongCredentials, 'oldPassword', authMessages.wrongPassword);
  }
  await clearLoginFailures(ctx, rateKey);
  checkNewPassword(input.password, designer.account);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(designers)
      .set({ passwordHash, updatedAt: ctx.now })
      .where(eq(designers.id, principal.designerId));
    const ended = await endSessions(tx, principal.designerId, 'password', ctx.now, principal.sessionId);
    await recordAuditEvent(tx, {
      designerId: principal.designerId,
      action: 'password-change',
      summary: `Password changed; ${ended} other session(s) ended`,
      at: ctx.now,
    });
  });
}

/**
 * A forgotten password: phone plus the code sent for `reset-password`. Every session of the
 * account ends. Wrong codes 20002 and nothing changes.
 */
export async function resetPassword(
  ctx: AccountCtx,
  input: { phone: string; code: string; password: string },
): Promise<void> {
  const codeId = await verifyCode(ctx, { phone: input.phone, purpose: 'reset-password', code: input.code });
  const [designer] = await ctx.db
    .select({ id: designers.id, account: designers.account })
    .from(designers)
    .where(and(isNull(designers.deletedAt), eq(designers.phone, input.phone)));
  if (!designer) throw codeRejected();
  checkNewPassword(input.password, designer.account);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await consumeCode(tx, codeId, ctx.now);
    await tx.update(designers).set({ passwordHash, updatedAt: ctx.now }).where(eq(designers.id, designer.id));
    const ended = await endSessions(tx, designer.id, 'password', ctx.now);
    await recordAuditEvent(tx, {
      designerId: designer.id,
      action: 'password-reset',
      summary: `Password reset with a phone code; ${ended} session(s) ended`,
      at: ctx.now,
    });
  });
}
