import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  type OutboxItem,
  type SendCodeAnswer,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_DAILY_LIMIT,
  SMS_RESEND_SECONDS,
  type SmsPurpose,
} from '@dc/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers, smsCodes, smsOutbox } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { type AccountCtx, say } from '../auth/context.ts';
import { alreadyTaken, codeRejected, invalidField } from '../auth/failures.ts';
import { check, pruneCounters, type RateRule, take } from '../rate-limit/service.ts';
import type { SmsSender } from './sender.ts';

/** One code per phone per 60 s. */
export const SMS_PER_PHONE_RESEND: RateRule = {
  bucket: 'sms-phone-resend',
  limit: 1,
  windowSeconds: SMS_RESEND_SECONDS,
};
/** 10 codes per phone per day. */
export const SMS_PER_PHONE_DAY: RateRule = {
  bucket: 'sms-phone-day',
  limit: SMS_DAILY_LIMIT,
  windowSeconds: 86_400,
};
/** 30 codes per client address per hour, whatever the phones. */
export const SMS_PER_IP: RateRule = { bucket: 'sms-ip', limit: 30, windowSeconds: 3_600 };

const DAY_MS = 86_400_000;

const PURPOSE_WORDS: Record<SmsPurpose, string> = {
  login: '登录',
  register: '注册',
  'bind-phone': '绑定新手机',
  'change-phone-old': '验证原手机',
  'reset-password': '重置密码',
};

export const smsText = (purpose: SmsPurpose, code: string) =>
  `【设计师后台】您的${PURPOSE_WORDS[purpose]}验证码是 ${code}，${SMS_CODE_TTL_SECONDS / 60} 分钟内有效。如非本人操作，请忽略本短信。`;

/** HMAC-SHA256 of phone, purpose and code, keyed by the row's salt: the stored form of a code. */
function codeHash(salt: string, phone: string, purpose: SmsPurpose, code: string): Buffer {
  return createHmac('sha256', salt).update(`${phone}\n${purpose}\n${code}`).digest();
}

export const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * Sends a code for `purpose` (spec section 7 sendCode), after the rules of the purpose:
 * `login`/`reset-password` need a registered phone (40000 on phone), `register` a free one
 * (20004), `bind-phone` a phone no other account holds (20004), `change-phone-old` the account's
 * own phone (40000). Limits: 30 per address per hour, one per phone per 60 s, 10 per phone per
 * day (42900, data.retryAfter). A newer code replaces the phone's older one of the same purpose.
 */
export async function sendVerificationCode(
  ctx: AccountCtx,
  sender: SmsSender,
  input: { phone: string; purpose: SmsPurpose; designerId?: number | undefined },
): Promise<SendCodeAnswer> {
  const { db, now } = ctx;
  await take(db, SMS_PER_IP, ctx.ip, now);
  await checkPurpose(ctx, input);
  await check(db, SMS_PER_PHONE_DAY, input.phone, now);
  await take(db, SMS_PER_PHONE_RESEND, input.phone, now);
  await take(db, SMS_PER_PHONE_DAY, input.phone, now);

  const code = newCode();
  const salt = randomBytes(16).toString('base64url');
  const [row] = await db.transaction(async (tx) => {
    await tx
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(smsCodes.phone, input.phone),
          eq(smsCodes.purpose, input.purpose),
          isNull(smsCodes.consumedAt),
        ),
      );
    // Old rows go as new ones come: codes a day past expiry, counters a day past their window.
    await tx.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(now.getTime() - DAY_MS)));
    await pruneCounters(tx, new Date(now.getTime() - 2 * DAY_MS));
    return tx
      .insert(smsCodes)
      .values({
        phone: input.phone,
        purpose: input.purpose,
        designerId: input.designerId ?? null,
        salt,
        codeHash: codeHash(salt, input.phone, input.purpose, code).toString('hex'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      })
      .returning({ id: smsCodes.id });
  });
  try {
    await sender.send({ phone: input.phone, purpose: input.purpose, text: smsText(input.purpose, code) });
  } catch {
    // Not delivered (the sender logged why): the code must not work; the caller may try again.
    await db.delete(smsCodes).where(eq(smsCodes.id, row!.id));
    throw new ApiError(
      ErrorCode.unavailable,
      say(ctx.lang, '短信发送失败，请稍后再试', 'The text message could not be sent; try again later'),
    );
  }
  return { expiresIn: SMS_CODE_TTL_SECONDS, resendIn: SMS_RESEND_SECONDS };
}

async function checkPurpose(
  ctx: AccountCtx,
  input: { phone: string; purpose: SmsPurpose; designerId?: number | undefined },
): Promise<void> {
  const [holder] = await ctx.db
    .select({ id: designers.id, deletedAt: designers.deletedAt })
    .from(designers)
    .where(eq(designers.phone, input.phone));
  switch (input.purpose) {
    case 'login':
    case 'reset-password':
      if (!holder || holder.deletedAt) throw invalidField('phone', 'no account has this phone');
      return;
    case 'register':
      if (holder) throw alreadyTaken('phone', 'this phone is already registered');
      return;
    case 'bind-phone':
      if (holder && holder.id === input.designerId) throw invalidField('phone', 'this is already your phone');
      if (holder) throw alreadyTaken('phone');
      return;
    case 'change-phone-old': {
      const [own] = await ctx.db
        .select({ phone: designers.phone })
        .from(designers)
        .where(eq(designers.id, input.designerId ?? 0));
      if (!own?.phone || own.phone !== input.phone) {
        throw invalidField('phone', 'not the phone of this account');
      }
      return;
    }
  }
}

/**
 * Checks a code without spending it (spend it with `consumeCode` in the transaction of the
 * change it allows). The newest unspent code of the phone and purpose counts; a wrong one adds a
 * try and is locked at the fifth. Wrong, expired, used, locked or another account's: 20002 on
 * `field`. The comparison takes constant time.
 */
export async function verifyCode(
  ctx: AccountCtx,
  input: {
    phone: string;
    purpose: SmsPurpose;
    code: string;
    designerId?: number | undefined;
    field?: string;
  },
): Promise<number> {
  const field = input.field ?? 'code';
  const [row] = await ctx.db
    .select()
    .from(smsCodes)
    .where(
      and(eq(smsCodes.phone, input.phone), eq(smsCodes.purpose, input.purpose), isNull(smsCodes.consumedAt)),
    )
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= ctx.now.getTime()) throw codeRejected(field);
  if (row.designerId !== null && row.designerId !== input.designerId) throw codeRejected(field);
  if (row.attempts >= SMS_CODE_MAX_TRIES) throw codeRejected(field, lockedMessage(ctx));

  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = codeHash(row.salt, input.phone, input.purpose, input.code);
  if (actual.length === expected.length && timingSafeEqual(actual, expected)) return row.id;

  const [counted] = await ctx.db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(eq(smsCodes.id, row.id))
    .returning({ attempts: smsCodes.attempts });
  throw codeRejected(field, (counted?.attempts ?? 0) >= SMS_CODE_MAX_TRIES ? lockedMessage(ctx) : undefined);
}

const lockedMessage = (ctx: AccountCtx) =>
  say(ctx.lang, '验证码错误次数过多，请重新获取', 'Too many wrong tries: ask for a new code');

/** Spends a verified code; a code spent meanwhile (a race) is 20002. */
export async function consumeCode(db: Database, codeId: number, now: Date, field = 'code'): Promise<void> {
  const spent = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, codeId), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (spent.length === 0) throw codeRejected(field);
}

/** The latest outbox messages, newest first, of one phone or all. */
export async function listOutbox(
  db: Database,
  options: { phone?: string | undefined; limit?: number } = {},
): Promise<OutboxItem[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(options.phone ? eq(smsOutbox.phone, options.phone) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(options.limit ?? 50);
  return rows.map((row) => ({
    id: row.id,
    phone: row.phone,
    purpose: row.purpose,
    text: row.text,
    sentAt: toWireDateTime(row.createdAt),
  }));
}
