import { ErrorCode, type LoginAnswer } from '@dc/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers, sessions } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
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

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

function expiryFrom(now: Date, persistent: boolean, policy: SessionPolicy): Date {
  return new Date(
    now.getTime() + (persistent ? policy.persistentDays * DAY_MS : policy.temporaryHours * HOUR_MS),
  );
}

/** Account name (any case) or phone plus password; a non-active account answers 20012. */
export async function login(
  db: Database,
  policy: SessionPolicy,
  input: { account: string; password: string; remember?: boolean | undefined },
): Promise<LoginAnswer> {
  const [designer] = await db
    .select({
      id: designers.id,
      passwordHash: designers.passwordHash,
      status: designers.status,
      newlyRegister: designers.newlyRegister,
    })
    .from(designers)
    .where(
      and(
        isNull(designers.deletedAt),
        or(sql`lower(${designers.account}) = lower(${input.account})`, eq(designers.phone, input.account)),
      ),
    )
    .limit(1);
  const passwordOk = await verifyPassword(
    input.password,
    designer?.passwordHash ?? (await decoyPasswordHash),
  );
  if (!designer || !passwordOk) throw new ApiError(ErrorCode.wrongCredentials);
  if (designer.status !== 'active') throw new ApiError(ErrorCode.accountInactive);

  const persistent = input.remember ?? false;
  const now = new Date();
  const { token, tokenHash } = newSessionToken();
  await db.insert(sessions).values({
    designerId: designer.id,
    tokenHash,
    persistent,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: expiryFrom(now, persistent, policy),
  });
  return { token, newly_register: designer.newlyRegister ? 1 : 0 };
}

/**
 * Resolves a token to its session, with the catalogue's distinctions: no token 20007,
 * unknown or expired 20006, ended 20003, deleted account 20005, non-active account 20012.
 */
export async function authenticate(
  db: Database,
  policy: SessionPolicy,
  token: string | undefined,
): Promise<SessionPrincipal> {
  if (!token) throw new ApiError(ErrorCode.notLoggedIn);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      designerId: sessions.designerId,
      persistent: sessions.persistent,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      endedAt: sessions.endedAt,
      status: designers.status,
      deletedAt: designers.deletedAt,
    })
    .from(sessions)
    .innerJoin(designers, eq(designers.id, sessions.designerId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new ApiError(ErrorCode.tokenInvalid);
  if (row.endedAt) throw new ApiError(ErrorCode.sessionEnded);
  const now = new Date();
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

/** Ends the session; its token answers 20003 from now on. */
export async function logout(db: Database, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: 'logout' })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}
