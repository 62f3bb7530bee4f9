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
import type { AccountCtx } from '../../http/account-context.ts';
import { ApiError } from '../../http/api-error.ts';
import { codeRejected, invalidField } from '../../http/failures.ts';
import { say } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { DAY_MS } from '../../time/business-day.ts';
import { check, pruneCounters, type RateRule, take } from '../rate-limit/index.ts';
import { smsMessages } from './messages.ts';
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

const PURPOSE_WORDS: Record<SmsPurpose, string> = {
  login: '登录',
  register: '注册',
  'bind-phone': '绑定新手机',
  'change-phone-old': '验证原手机',
  'reset-password': '重置密码',
};

export const smsText = (purpose: SmsPurpose, code: string) =>
  `【设计师后台】您的${PURPOSE_WORDS[purpose]}验证码是 ${code}，${SMS_CODE_TTL_SECONDS / 60} 分钟内有效。如非本人操作，请忽略本短信。`;

/**
 * Why a phone gets a notice instead of a code: what its owner needs to know, said to the phone
 * only. The caller of sendCode gets the same answer either way, so sendCode tells nobody else
 * whether a phone is registered. No six-digit number in them: nothing reads as a code.
 */
export type CodeRefusal = 'no-account' | 'already-registered' | 'bound-elsewhere';

const SIGNATURE = '【设计师后台】';
const IGNORE = '如非本人操作，请忽略本短信。';
export const smsNoticeText = (purpose: SmsPurpose, refusal: CodeRefusal): string => {
  switch (refusal) {
    case 'no-account':
      return `${SIGNATURE}有人为本手机号申请了${PURPOSE_WORDS[purpose]}验证码，但本手机号没有设计师账号，因此未发送验证码。如需使用，请先用本手机号注册。${IGNORE}`;
    case 'already-registered':
      return `${SIGNATURE}有人为本手机号申请了注册验证码，但本手机号已有设计师账号，因此未发送验证码。请直接登录；忘记密码可通过“忘记密码”重置。${IGNORE}`;
    case 'bound-elsewhere':
      return `${SIGNATURE}有人申请将本手机号绑定到另一个设计师账号，但本手机号已绑定账号，因此未发送验证码。如需更换，请先在原账号中解绑或更换手机号。${IGNORE}`;
  }
};

/** HMAC-SHA256 of phone, purpose and code, keyed by the row's salt: the stored form of a code. */
function codeHash(salt: string, phone: string, purpose: SmsPurpose, code: string): Buffer {
  return createHmac('sha256', salt).update(`${phone}\n${purpose}\n${code}`).digest();
}

export const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * Sends a code for `purpose` (spec section 7 sendCode). The answer is the same whether or not the
 * phone has an account, so sendCode cannot be used to find out who is registered: where the
 * purpose does not fit the phone (`login`/`reset-password` to a phone without an account,
 * `register` to a registered one, `bind-phone` to one another account holds) the phone gets a
 * notice saying so instead of a code, after the same limits, writes and wait. Only what the
 * session's own account decides is refused: `bind-phone` to the account's own phone and
 * `change-phone-old` to another phone (40000). Limits: 30 per address per hour, one per phone
 * per 60 s, 10 per phone per day (42900, data.retryAfter). A newer code replaces the phone's
 * older one of the same purpose.
 */
export async function sendVerificationCode(
  ctx: AccountCtx,
  sender: SmsSender,
  input: { phone: string; purpose: SmsPurpose; designerId?: number | undefined },
): Promise<SendCodeAnswer> {
  const { db, now } = ctx;
  await take(db, SMS_PER_IP, ctx.ip, now);
  const refusal = await checkPurpose(ctx, input);
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
    // A refused purpose writes its row too (already spent, so it never verifies): the same
    // statements, the same time, whatever the phone.
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
        consumedAt: refusal ? now : null,
      })
      .returning({ id: smsCodes.id });
  });
  const text = refusal ? smsNoticeText(input.purpose, refusal) : smsText(input.purpose, code);
  try {
    await sender.send({ phone: input.phone, purpose: input.purpose, text });
  } catch {
    // Not delivered (the sender logged why): the code must not work; the caller may try again.
    await db.delete(smsCodes).where(eq(smsCodes.id, row!.id));
    throw new ApiError(ErrorCode.unavailable, say(ctx.lang, smsMessages.theTextMessageCouldNot));
  }
  return { expiresIn: SMS_CODE_TTL_SECONDS, resendIn: SMS_RESEND_SECONDS };
}

/**
 * Whether `purpose` fits the phone: undefined when a code goes out, else why only a notice does.
 * Throws only for what the caller's own account decides (a session purpose), which tells the
 * caller nothing about anyone else.
 */
async function checkPurpose(
  ctx: AccountCtx,
  input: { phone: string; purpose: SmsPurpose; designerId?: number | undefined },
): Promise<CodeRefusal | undefined> {
  const [holder] = await ctx.db
    .select({ id: designers.id, deletedAt: designers.deletedAt })
    .from(designers)
    .where(eq(designers.phone, input.phone));
  switch (input.purpose) {
    case 'login':
    case 'reset-password':
      return !holder || holder.deletedAt ? 'no-account' : undefined;
    case 'register':
      return holder ? 'already-registered' : undefined;
    case 'bind-phone':
      if (holder && holder.id === input.designerId) throw invalidField('phone', smsMessages.alreadyYourPhone);
      return holder ? 'bound-elsewhere' : undefined;
    case 'change-phone-old': {
      const [own] = await ctx.db
        .select({ phone: designers.phone })
        .from(designers)
        .where(eq(designers.id, input.designerId ?? 0));
      if (!own?.phone || own.phone !== input.phone) {
        throw invalidField('phone', smsMessages.notThisAccountsPhone);
      }
      return undefined;
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

const lockedMessage = (ctx: AccountCtx) => say(ctx.lang, smsMessages.tooManyWrongTriesAsk);

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
