import { randomBytes } from 'node:crypto';
import { ErrorCode, type StreamTicket } from '@dc/contract';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { streamTickets } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import {
  authenticate,
  authenticateSessionId,
  hashToken,
  type SessionPolicy,
  type SessionPrincipal,
} from '../auth/index.ts';
import { type RateRule, take } from '../rate-limit/index.ts';

/** How long a ticket opens the stream: long enough to open it, too short to be worth stealing. */
export const STREAM_TICKET_TTL_SECONDS = 60;

/**
 * Tickets per session: every full load of the console opens the stream with a new ticket, and a
 * designer may reload often (the browser walk over every screen loads 30 in well under a minute);
 * a loop asking for tickets is refused.
 */
export const STREAM_TICKETS_PER_SESSION: RateRule = { bucket: 'stream-ticket', limit: 60, windowSeconds: 60 };

/**
 * A new one-use ticket for the session's stream (only its SHA-256 is stored). Tickets that have
 * expired go as new ones come.
 */
export async function issueStreamTicket(db: Database, sessionId: number, now: Date): Promise<StreamTicket> {
  await take(db, STREAM_TICKETS_PER_SESSION, String(sessionId), now);
  const ticket = randomBytes(32).toString('base64url');
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, now));
  await db.insert(streamTickets).values({
    ticketHash: hashToken(ticket),
    sessionId,
    expiresAt: new Date(now.getTime() + STREAM_TICKET_TTL_SECONDS * 1000),
  });
  return { ticket, expiresIn: STREAM_TICKET_TTL_SECONDS };
}

/**
 * Spends `ticket` and answers its session's id. One statement deletes it, so of two requests
 * with the same ticket (on any instance) only one gets the session. Unknown, used or expired:
 * 20006.
 */
export async function redeemStreamTicket(db: Database, ticket: string, now: Date): Promise<number> {
  const [spent] = await db
    .delete(streamTickets)
    .where(and(eq(streamTickets.ticketHash, hashToken(ticket)), gt(streamTickets.expiresAt, now)))
    .returning({ sessionId: streamTickets.sessionId });
  if (!spent) throw new ApiError(ErrorCode.tokenInvalid);
  return spent.sessionId;
}

/**
 * Who opens the stream: the session of a ticket (spent here), else of the authToken header
 * (clients that can send one). Failures are the catalogue's, as for any guarded call.
 */
export async function streamSession(
  db: Database,
  policy: SessionPolicy,
  credentials: { ticket?: string | undefined; token?: string | undefined },
  now: Date,
): Promise<SessionPrincipal> {
  if (credentials.ticket) {
    return authenticateSessionId(db, policy, await redeemStreamTicket(db, credentials.ticket, now), now);
  }
  return authenticate(db, policy, credentials.token, now);
}
