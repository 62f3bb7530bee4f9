import { ErrorCode, type LoginAnswer } from '@dc/contract';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type AccountStatus, designers, sessions } from '../../db/schema/index.ts';
import type { AccountCtx } from '../../http/account-context.ts';
import { ApiError } from '../../http/api-error.ts';
import { codeRejected, fieldFailure } from '../../http/failures.ts';
import { DAY_MS, HOUR_MS } from '../../time/business-day.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { consumeCode, verifyCode } from '../sms/index.ts';
import { admitLoginAttempt, clearLoginFailures, countLoginFailure, loginFailureKey } from './login-limits.ts';
import { authMessages } from './messages.ts';
import { checkNewPassword } from './password-rules.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export interface SessionPolicy {
  /** Idle lifetime of a "remember me" session. */
  persistentDays: number;
  /** Absolute lifetime of a temporary session. */
  temporaryHours: number;
}

/** Who is calling: set on the request by the auth plugin for guarded routes. */
export interface SessionPrincipal {
  sessionId: number;
  designerId: number;
}

/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

function expiryFrom(now: Date, persistent: boolean, policy: SessionPolicy): Date {
  return new Date(
    now.getTime() + (persistent ? policy.persistentDays * DAY_MS : policy.temporaryHours * HOUR_MS),
  );
}

/** A new session of `designerId`; answers its token (only the token's hash is stored). */
export async function createSession(
  db: Database,
  policy: SessionPolicy,
  designerId: number,
  persistent: boolean,
  now: Date,
): Promise<string> {
  return (await openSession(db, policy, designerId, persistent, now)).token;
}

/** A new session and its id, for the audit log of a sign-in. */
export async function openSession(
  db: Database,
  policy: SessionPolicy,
  designerId: number,
  persistent: boolean,
  now: Date,
): Promise<{ token: string; sessionId: number }> {
  const { token, tokenHash } = newSessionToken();
  const [row] = await db
    .insert(sessions)
    .values({
      designerId,
      tokenHash,
      persistent,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiryFrom(now, persistent, policy),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

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

/**
 * Ends the designer's open sessions (their tokens answer 20003), except `exceptSessionId`:
 * password changes end the others, freezing ends them all.
 */
export async function endSessions(
  db: Database,
  designerId: number,
  reason: string,
  now: Date,
  exceptSessionId?: number,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(
      and(
        eq(sessions.designerId, designerId),
        isNull(sessions.endedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
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

/** What a session check reads: the session and its account's state. */
const sessionColumns = {
  sessionId: sessions.id,
  designerId: sessions.designerId,
  persistent: sessions.persistent,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  endedAt: sessions.endedAt,
  status: designers.status,
  deletedAt: designers.deletedAt,
};

/**
 * The session lookup every guarded request makes, as a named prepared statement: its SQL is
 * built once per database handle (not per request) and PostgreSQL parses and plans it once per
 * connection. Still one read of the sessions row per request, so a session ended by logout (or
 * by another instance) is refused at once; nothing about a session is cached in the process.
 */
const prepareSessionLookup = (db: Database) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(designers, eq(designers.id, sessions.designerId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('dc_session_lookup');
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();
function sessionLookupOf(db: Database) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

interface SessionRow {
  sessionId: number;
  designerId: number;
  persistent: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  status: AccountStatus;
  deletedAt: Date | null;
}

/**
 * The catalogue's distinctions for a looked-up session: unknown or expired 20006, ended 20003,
 * deleted account 20005, non-active account 20012. A live one is touched (at most once a minute).
 */
async function admitSession(
  db: Database,
  policy: SessionPolicy,
  row: SessionRow | undefined,
  now: Date,
): Promise<SessionPrincipal> {
  if (!row) throw new ApiError(ErrorCode.tokenInvalid);
  if (row.endedAt) throw new ApiError(ErrorCode.sessionEnded);
  if (row.expiresAt <= now) throw new ApiError(ErrorCode.tokenInvalid);
  if (row.deletedAt) throw new ApiError(ErrorCode.accountMissing);
  if (row.status !== 'active') throw new ApiError(ErrorCode.accountInactive);

  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    // Persistent sessions slide: idle time counts, not age. Temporary ones keep their end.
    await db
      .update(sessions)
      .set({
        lastSeenAt: now,
        ...(row.persistent ? { expiresAt: expiryFrom(now, true, policy) } : {}),
      })
      .where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, designerId: row.designerId };
}

/**
 * Resolves a token to its session, with the catalogue's distinctions: no token 20007,
 * unknown or expired 20006, ended 20003, deleted account 20005, non-active account 20012.
 */
export async function authenticate(
  db: Database,
  policy: SessionPolicy,
  token: string | undefined,
  now: Date,
): Promise<SessionPrincipal> {
  if (!token) throw new ApiError(ErrorCode.notLoggedIn);
  const [row] = await sessionLookupOf(db).execute({ tokenHash: hashToken(token) });
  return admitSession(db, policy, row, now);
}

/**
 * The session `sessionId` still holds, with the same distinctions as `authenticate`: for what
 * was opened with a session and outlives the request (the notification stream), which keeps no
 * token to show again.
 */
export async function authenticateSessionId(
  db: Database,
  policy: SessionPolicy,
  sessionId: number,
  now: Date,
): Promise<SessionPrincipal> {
  const [row] = await db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(designers, eq(designers.id, sessions.designerId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return admitSession(db, policy, row, now);
}

/** Ends the session; its token answers 20003 from now on. */
export async function logout(db: Database, sessionId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(sessions)
      .set({ endedAt: now, endReason: 'logout' })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
      .returning({ designerId: sessions.designerId });
    if (!ended) return;
    await recordAuditEvent(tx, {
      designerId: ended.designerId,
      action: 'logout',
      targetType: 'session',
      targetId: sessionId,
      summary: 'Signed out',
      at: now,
      sessionId,
    });
  });
}
