import type { AccountCtx } from '../../http/account-context.ts';
import { check, clear, hit, type RateRule, take } from '../rate-limit/index.ts';

/**
 * Failed logins per account (attempts not followed by a success): 10 per 15 minutes, then 42900
 * until the window ends. One counter per account whatever identifier was typed (account name in
 * any case, phone, the session of a password change), so 10 wrong by name plus 10 by phone is
 * not 20 tries.
 */
export const LOGIN_FAILURES_BY_ACCOUNT: RateRule = {
  bucket: 'login-fail-account',
  limit: 10,
  windowSeconds: 900,
};
/** Failed logins per client address: 50 per 15 minutes. */
export const LOGIN_FAILURES_BY_IP: RateRule = { bucket: 'login-fail-ip', limit: 50, windowSeconds: 900 };

/**
 * The account counter's key: the account's id when the identifier names one; an identifier that
 * names none is counted by itself (lower-cased), so guessing at unknown names is limited as well
 * and a 42900 tells nothing about whether the account exists.
 */
export const loginFailureKey = (designerId: number | undefined, typed: string): string =>
  designerId === undefined ? `typed:${typed.trim().toLowerCase()}` : `id:${designerId}`;

/**
 * Admits one login attempt, before its password or code is checked: refuses (42900) an address
 * that failed too often, and counts the attempt on the account at once, refusing past the limit.
 * Counting first (one atomic step in the store) is what holds against parallel guesses: checking
 * and counting after the slow password check let 30 simultaneous tries all pass a limit of 10.
 * A successful attempt clears the account's count (`clearLoginFailures`).
 */
export async function admitLoginAttempt(ctx: AccountCtx, accountKey: string): Promise<void> {
  await check(ctx.db, LOGIN_FAILURES_BY_IP, ctx.ip, ctx.now);
  await take(ctx.db, LOGIN_FAILURES_BY_ACCOUNT, accountKey, ctx.now);
}

/**
 * Counts a failed attempt against the address (the account's was counted on admission). The
 * address counts failures only, so an office behind one address is not limited by its successes.
 */
export async function countLoginFailure(ctx: AccountCtx): Promise<void> {
  await hit(ctx.db, LOGIN_FAILURES_BY_IP, ctx.ip, ctx.now);
}

/** A successful attempt forgets its account's failures (the address's stay). */
export function clearLoginFailures(ctx: AccountCtx, accountKey: string): Promise<void> {
  return clear(ctx.db, LOGIN_FAILURES_BY_ACCOUNT, accountKey);
}
