import { ErrorCode } from '@dc/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type AccountStatus, designers, sessions } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { DAY_MS, HOUR_MS } from '../../time/business-day.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { hashToken, newSessionToken } from './tokens.ts';

// Sessions: opened by a sign-in, checked on every guarded request, ended by logout, a password
// change or freezing.

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
