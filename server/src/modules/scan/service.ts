import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  type RegisterAnswer,
  SCAN_CONFIRMED_TTL_SECONDS,
  SCAN_TICKET_TTL_SECONDS,
  type ScanPollAnswer,
  type ScanPurpose,
  type ScanTicket,
  type WechatBinding,
} from '@dc/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers, scanTickets, wechatBindings } from '../../db/schema/index.ts';
import type { AccountCtx } from '../../http/account-context.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { alreadyTaken, codeRejected, fieldFailure, uniqueViolation } from '../../http/failures.ts';
import { say } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { DAY_MS } from '../../time/business-day.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { checkNewPassword, hashPassword, signIn, verifyCredentials } from '../auth/index.ts';
import { type RateRule, take } from '../rate-limit/index.ts';
import { createAccount } from '../register/index.ts';
import { consumeCode, verifyCode } from '../sms/index.ts';
import { scanMessages } from './messages.ts';
import { BuiltinWechatOAuth, sha256, type WechatOAuth } from './wechat-oauth.ts';

/** 60 QR codes per address per 10 minutes (a login page refreshes one every 2 minutes). */
export const SCAN_TICKETS_PER_IP: RateRule = { bucket: 'scan-ticket-ip', limit: 60, windowSeconds: 600 };

const newSecret = () => randomBytes(32).toString('base64url');

type TicketRow = typeof scanTickets.$inferSelect;

/** The ticket (or `resigner_id`) is over: 20002 on `path`, with a message saying to rescan. */
export const scanExpired = (ctx: AccountCtx, path = 'ticket') =>
  fieldFailure(
    ErrorCode.codeInvalid,
    path,
    scanMessages.expiredOrUsed,
    say(ctx.lang, scanMessages.theQrCodeHasExpired2),
  );

const ticketNotFound = (ctx: AccountCtx) =>
  new ApiError(ErrorCode.notFound, say(ctx.lang, scanMessages.unknownQrCode));

/** Whether `pollSecret` is the one the ticket was created with (compared as hashes, in constant time). */
function pollSecretMatches(row: TicketRow, pollSecret: string | undefined): boolean {
  if (!pollSecret || !row.pollSecretHash) return false;
  const given = Buffer.from(sha256(pollSecret));
  const stored = Buffer.from(row.pollSecretHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export async function findTicket(db: Database, ticket: string): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(scanTickets)
    .where(eq(scanTickets.ticketHash, sha256(ticket)));
  return row;
}

/** Pending or scanned, within its 2 minutes: the phone may still confirm it. */
export const openForScan = (row: TicketRow, now: Date) =>
  (row.state === 'pending' || row.state === 'scanned') && now.getTime() < row.expiresAt.getTime();

/** Confirmed (or registering) and still within the 10 minutes the PC has to finish. */
const withinConfirmedWindow = (row: TicketRow, now: Date) =>
  row.confirmedAt !== null && now.getTime() < row.confirmedAt.getTime() + SCAN_CONFIRMED_TTL_SECONDS * 1000;

/**
 * `POST /scan-tickets`: a one-time ticket, good for 2 minutes, the URL its QR code encodes (the
 * ticket's public id only) and the poll secret, answered to this browser alone. A `bind` ticket
 * belongs to the session's designer.
 */
export async function createTicket(
  ctx: AccountCtx,
  oauth: WechatOAuth,
  input: { purpose: ScanPurpose; designerId?: number | undefined; baseUrl: string },
): Promise<ScanTicket> {
  await take(ctx.db, SCAN_TICKETS_PER_IP, ctx.ip, ctx.now);
  const ticket = newSecret();
  const pollSecret = newSecret();
  const expiresAt = new Date(ctx.now.getTime() + SCAN_TICKET_TTL_SECONDS * 1000);
  await ctx.db.delete(scanTickets).where(lt(scanTickets.expiresAt, new Date(ctx.now.getTime() - DAY_MS)));
  await ctx.db.insert(scanTickets).values({
    ticketHash: sha256(ticket),
    pollSecretHash: sha256(pollSecret),
    purpose: input.purpose,
    designerId: input.designerId ?? null,
    provider: oauth.provider,
    createdAt: ctx.now,
    expiresAt,
  });
  return {
    ticket,
    pollSecret,
    qrUrl: oauth.authorizeUrl(ticket, input.baseUrl),
    expiresAt: toWireDateTime(expiresAt),
    expiresIn: SCAN_TICKET_TTL_SECONDS,
  };
}

/**
 * `GET codePcRegister?ticket=…` with the ticket's poll secret: the PC's poll. pending / scanned /
 * expired, or once the phone confirmed: a known openid logs in (token, newly_register; the ticket
 * is used up), an unknown one gets a `resigner_id` for POST codePcRegister, a `bind` ticket just
 * says confirmed. A wrong secret is answered as an unknown ticket (40400) and changes nothing:
 * someone who saw the QR code learns nothing and cannot take the login from the PC.
 */
export async function pollTicket(
  ctx: AccountCtx,
  ticket: string,
  pollSecret: string,
): Promise<ScanPollAnswer> {
  const row = await findTicket(ctx.db, ticket);
  if (!row || !pollSecretMatches(row, pollSecret)) throw ticketNotFound(ctx);
  return answerFor(ctx, row);
}

async function answerFor(ctx: AccountCtx, row: TicketRow): Promise<ScanPollAnswer> {
  if (row.state === 'pending' || row.state === 'scanned') {
    return openForScan(row, ctx.now) ? { state: row.state } : { state: 'expired' };
  }
  if (row.state !== 'confirmed' || !withinConfirmedWindow(row, ctx.now)) return { state: 'expired' };
  if (row.purpose === 'bind') return { state: 'confirmed' };
  return logInOrHandOver(ctx, row);
}

async function logInOrHandOver(ctx: AccountCtx, row: TicketRow): Promise<ScanPollAnswer> {
  const [known] = await ctx.db
    .select({
      id: designers.id,
      status: designers.status,
      newlyRegister: designers.newlyRegister,
      deletedAt: designers.deletedAt,
    })
    .from(wechatBindings)
    .innerJoin(designers, eq(designers.id, wechatBindings.designerId))
    .where(and(eq(wechatBindings.provider, row.provider), eq(wechatBindings.openid, row.openid ?? '')));
  if (known) {
    if (known.deletedAt) throw new ApiError(ErrorCode.accountMissing);
    if (known.status !== 'active') throw new ApiError(ErrorCode.accountInactive);
    const token = await ctx.db.transaction(async (tx) => {
      const used = await tx
        .update(scanTickets)
        .set({ state: 'consumed', consumedAt: ctx.now })
        .where(and(eq(scanTickets.id, row.id), eq(scanTickets.state, 'confirmed')))
        .returning({ id: scanTickets.id });
      if (used.length === 0) return null; // another poll took it
      return signIn(tx, ctx, known.id, false, 'by WeChat scan');
    });
    return token
      ? { state: 'confirmed', token, newly_register: known.newlyRegister ? 1 : 0 }
      : { state: 'expired' };
  }
  const resignerId = newSecret();
  const handed = await ctx.db
    .update(scanTickets)
    .set({ state: 'registering', resignerHash: sha256(resignerId) })
    .where(and(eq(scanTickets.id, row.id), eq(scanTickets.state, 'confirmed')))
    .returning({ id: scanTickets.id });
  return handed.length ? { state: 'confirmed', resigner_id: resignerId } : { state: 'expired' };
}

/** The built-in confirmation page was opened on a phone: the ticket shows as scanned. */
export async function markScanned(ctx: AccountCtx, ticket: string): Promise<TicketRow> {
  const row = await findTicket(ctx.db, ticket);
  if (!row) throw ticketNotFound(ctx);
  if (!openForScan(row, ctx.now)) throw scanExpired(ctx);
  if (row.state === 'pending') {
    await ctx.db
      .update(scanTickets)
      .set({ state: 'scanned', scannedAt: ctx.now })
      .where(and(eq(scanTickets.id, row.id), eq(scanTickets.state, 'pending')));
  }
  return row;
}

/** The phone confirmed on the built-in page: a one-time code for the device's openid. */
export async function confirmOnDevice(
  ctx: AccountCtx,
  builtin: BuiltinWechatOAuth,
  ticket: string,
  deviceSecret: string,
): Promise<string> {
  const row = await findTicket(ctx.db, ticket);
  if (!row) throw ticketNotFound(ctx);
  if (!openForScan(row, ctx.now)) throw scanExpired(ctx);
  return builtin.issueCode(BuiltinWechatOAuth.openidOf(deviceSecret), ticket, ctx.now);
}

/**
 * `GET callback?code=…&state=<ticket>`: the provider vouches for the scanner. The ticket must be
 * open (20002 when expired or used), the code good (20002); the ticket becomes confirmed with
 * the openid. Answers the confirmed ticket; `answerConfirmed` then gives the poll's answer.
 */
export async function acceptCallback(
  ctx: AccountCtx,
  oauth: WechatOAuth,
  input: { code: string; state: string },
): Promise<TicketRow> {
  const row = await findTicket(ctx.db, input.state);
  if (!row) throw ticketNotFound(ctx);
  if (!openForScan(row, ctx.now)) throw scanExpired(ctx, 'state');
  const openid = await oauth.exchangeCode(input.code, input.state, ctx.now);
  if (!openid) throw codeRejected('code');
  const [confirmed] = await ctx.db
    .update(scanTickets)
    .set({ state: 'confirmed', openid, provider: oauth.provider, confirmedAt: ctx.now })
    .where(and(eq(scanTickets.id, row.id), inArray(scanTickets.state, ['pending', 'scanned'])))
    .returning();
  if (!confirmed) throw scanExpired(ctx, 'state');
  return confirmed;
}

/**
 * The JSON form of the callback: the poll's answer for the ticket it just confirmed, to the
 * browser that created the ticket (its poll secret). Anyone else — the phone, or whoever holds
 * the code — hears only that it is confirmed; the ticket waits for the PC's poll.
 */
export async function answerConfirmed(
  ctx: AccountCtx,
  row: TicketRow,
  pollSecret: string | undefined,
): Promise<ScanPollAnswer> {
  return pollSecretMatches(row, pollSecret) ? answerFor(ctx, row) : { state: 'confirmed' };
}

/**
 * Binds `openid` to the designer, replacing the designer's previous WeChat; 20004 on `path` when
 * another account holds it.
 */
async function bindOpenid(
  db: Database,
  designerId: number,
  identity: { provider: TicketRow['provider']; openid: string | null },
  now: Date,
  path: string,
): Promise<void> {
  const openid = identity.openid ?? '';
  const [holder] = await db
    .select({ designerId: wechatBindings.designerId })
    .from(wechatBindings)
    .where(and(eq(wechatBindings.provider, identity.provider), eq(wechatBindings.openid, openid)));
  if (holder?.designerId === designerId) return;
  if (holder) throw alreadyTaken(path, scanMessages.wechatBoundElsewhere);
  await db.delete(wechatBindings).where(eq(wechatBindings.designerId, designerId));
  try {
    await db.insert(wechatBindings).values({ designerId, provider: identity.provider, openid, boundAt: now });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw alreadyTaken(path, scanMessages.wechatBoundElsewhere);
    throw error;
  }
}

async function useTicket(
  ctx: AccountCtx,
  db: Database,
  row: TicketRow,
  from: TicketRow['state'],
  path: string,
): Promise<void> {
  const used = await db
    .update(scanTickets)
    .set({ state: 'consumed', consumedAt: ctx.now })
    .where(and(eq(scanTickets.id, row.id), eq(scanTickets.state, from)))
    .returning({ id: scanTickets.id });
  if (used.length === 0) throw scanExpired(ctx, path);
}

export type ScanRegisterInput =
  | {
      resigner_id: string;
      phone: string;
      code: string;
      nickname: string;
      password?: string | undefined;
      remember?: boolean | undefined;
    }
  | { resigner_id: string; account: string; password: string; remember?: boolean | undefined };

/**
 * `POST codePcRegister?resigner_id=…`: binds the scanned WeChat to a new account (phone + code
 * `register` + nickname, password optional) or, with `account`, to an existing one (account +
 * password). Unknown, expired or used resigner_id 20002; wrong code 20002; wrong password 20001;
 * phone or WeChat held elsewhere 20004; nothing changes on any of them. Answers a session.
 */
export async function registerByScan(ctx: AccountCtx, input: ScanRegisterInput): Promise<RegisterAnswer> {
  const [row] = await ctx.db
    .select()
    .from(scanTickets)
    .where(eq(scanTickets.resignerHash, sha256(input.resigner_id)));
  if (row?.state !== 'registering' || row.purpose !== 'login' || !withinConfirmedWindow(row, ctx.now)) {
    throw scanExpired(ctx, 'resigner_id');
  }
  const remember = input.remember ?? false;

  if ('account' in input) {
    const designer = await verifyCredentials(ctx, input.account, input.password);
    if (designer.status !== 'active') throw new ApiError(ErrorCode.accountInactive);
    return ctx.db.transaction(async (tx) => {
      await bindOpenid(tx, designer.id, row, ctx.now, 'resigner_id');
      await useTicket(ctx, tx, row, 'registering', 'resigner_id');
      const token = await signIn(tx, ctx, designer.id, remember, 'by WeChat scan, binding WeChat');
      return { token, newly_register: designer.newlyRegister ? 1 : 0, account: designer.account };
    });
  }

  if (input.password !== undefined) checkNewPassword(input.password, undefined);
  const codeId = await verifyCode(ctx, { phone: input.phone, purpose: 'register', code: input.code });
  // Without a password the account has an unguessable one: it logs in by WeChat or phone code
  // until the designer sets one (forgotten-password flow).
  const passwordHash = await hashPassword(input.password ?? newSecret());
  return ctx.db.transaction(async (tx) => {
    await consumeCode(tx, codeId, ctx.now);
    const created = await createAccount(
      tx,
      { phone: input.phone, nickname: input.nickname, passwordHash },
      ctx.now,
    );
    await bindOpenid(tx, created.id, row, ctx.now, 'resigner_id');
    await useTicket(ctx, tx, row, 'registering', 'resigner_id');
    const token = await signIn(tx, ctx, created.id, remember, 'after registering by WeChat scan');
    return { token, newly_register: 1 as const, account: created.account };
  });
}

/**
 * `POST yiDesigner/bindWechat {ticket}`: binds the WeChat that confirmed the session designer's
 * `bind` ticket (replacing the account's previous one). Another's ticket 40400; not confirmed
 * yet 40900; expired or used 20002; WeChat held by another account 20004.
 */
export async function bindWechat(
  ctx: AccountCtx,
  designerId: number,
  ticket: string,
): Promise<WechatBinding> {
  const row = await findTicket(ctx.db, ticket);
  if (row?.purpose !== 'bind' || row.designerId !== designerId) throw ticketNotFound(ctx);
  if (openForScan(row, ctx.now)) {
    throw new ApiError(ErrorCode.conflict, say(ctx.lang, scanMessages.scanTheQrCodeAnd));
  }
  if (row.state !== 'confirmed' || !withinConfirmedWindow(row, ctx.now)) throw scanExpired(ctx);
  await ctx.db.transaction(async (tx) => {
    await bindOpenid(tx, designerId, row, ctx.now, 'ticket');
    await useTicket(ctx, tx, row, 'confirmed', 'ticket');
    await recordAuditEvent(tx, { designerId, action: 'wechat-bind', summary: 'WeChat bound', at: ctx.now });
  });
  return wechatBindingOf(ctx.db, designerId);
}

/** `POST yiDesigner/unbindWechat`: 40400 when no WeChat is bound. */
export async function unbindWechat(ctx: AccountCtx, designerId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(wechatBindings)
      .where(eq(wechatBindings.designerId, designerId))
      .returning({ id: wechatBindings.id });
    if (removed.length === 0) throw notFound(say(ctx.lang, scanMessages.noWechatIsBound));
    await recordAuditEvent(tx, {
      designerId,
      action: 'wechat-unbind',
      summary: 'WeChat unbound',
      at: ctx.now,
    });
  });
}

export async function wechatBindingOf(db: Database, designerId: number): Promise<WechatBinding> {
  const [row] = await db
    .select({ boundAt: wechatBindings.boundAt })
    .from(wechatBindings)
    .where(eq(wechatBindings.designerId, designerId));
  return { bound: Boolean(row), boundAt: row ? toWireDateTime(row.boundAt) : null };
}
