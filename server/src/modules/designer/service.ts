import type { DesignerInfo, ModifyDescAnswer, SelfInfo } from '@dc/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers } from '../../db/schema/index.ts';
import type { AccountCtx } from '../../http/account-context.ts';
import { notFound } from '../../http/api-error.ts';
import { alreadyTaken, invalidField, uniqueViolation } from '../../http/failures.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { type ImageCheckCtx, keptImageUrl } from '../image-files/index.ts';
import { wechatBindingOf } from '../scan/index.ts';
import { consumeCode, maskPhone, verifyCode } from '../sms/index.ts';
import { designerMessages } from './messages.ts';

const infoColumns = {
  id: designers.id,
  nickname: designers.nickname,
  pic: designers.pic,
  phone: designers.phone,
};

type InfoRow = { id: number; nickname: string; pic: string; phone: string | null };
const toInfo = (row: InfoRow): DesignerInfo => ({
  id: row.id,
  nickname: row.nickname,
  pic: row.pic,
  telephone: row.phone ?? '',
});

export async function getDesignerInfo(db: Database, designerId: number): Promise<DesignerInfo> {
  const [row] = await db.select(infoColumns).from(designers).where(eq(designers.id, designerId));
  if (!row) throw notFound();
  return toInfo(row);
}

type InfoChange = { nickname?: string | undefined; pic?: string | undefined };

/**
 * The avatar of `modifyInfo` as the row keeps it: '' (none), the avatar the account already has
 * (the form sends back what it shows, whatever an older version stored), or an image the designer
 * uploaded, kept by its lasting address. Anything else (an outside address, another designer's
 * image, an address of this server that is no image of theirs) is 40000 on `pic`.
 */
export async function keepDesignerInfoImage(ctx: ImageCheckCtx, change: InfoChange): Promise<InfoChange> {
  const pic = change.pic;
  if (pic === undefined || pic === '') return change;
  const [me] = await ctx.db
    .select({ pic: designers.pic })
    .from(designers)
    .where(eq(designers.id, ctx.designerId));
  if (me?.pic === pic) return change;
  return { ...change, pic: await keptImageUrl(ctx, pic, 'pic', 'uploads') };
}

export async function updateDesignerInfo(
  db: Database,
  designerId: number,
  change: InfoChange,
): Promise<DesignerInfo> {
  const [row] = await db
    .update(designers)
    .set({
      ...(change.nickname !== undefined ? { nickname: change.nickname } : {}),
      ...(change.pic !== undefined ? { pic: change.pic } : {}),
      updatedAt: new Date(),
    })
    .where(eq(designers.id, designerId))
    .returning(infoColumns);
  if (!row) throw notFound();
  await completeDesignerInformation(db, designerId);
  return toInfo(row);
}

/**
 * The rule of "designer information complete" (spec section 2: a newly registered designer sees
 * only 设计师资料 until then): a nickname and a description. When both are there the account stops
 * being newly registered (`newly_register = 0`) and GET /menu answers the full tree, no logout
 * needed. Called after every change of the designer information; answers the flag as it is now.
 */
export async function completeDesignerInformation(db: Database, designerId: number, now = new Date()) {
  await db
    .update(designers)
    .set({ newlyRegister: false, updatedAt: now })
    .where(
      and(
        eq(designers.id, designerId),
        eq(designers.newlyRegister, true),
        ne(designers.nickname, ''),
        ne(designers.description, ''),
      ),
    );
  const [row] = await db
    .select({ newlyRegister: designers.newlyRegister })
    .from(designers)
    .where(eq(designers.id, designerId));
  if (!row) throw notFound();
  return row.newlyRegister ? (1 as const) : (0 as const);
}

/** `POST yiDesigner/modifyDesc`: stores the plain-text description, then applies the completion rule. */
export async function updateDescription(
  db: Database,
  designerId: number,
  description: string,
  now = new Date(),
): Promise<ModifyDescAnswer> {
  const [row] = await db
    .update(designers)
    .set({ description, updatedAt: now })
    .where(eq(designers.id, designerId))
    .returning({ description: designers.description });
  if (!row) throw notFound();
  return {
    description: row.description,
    newly_register: await completeDesignerInformation(db, designerId, now),
  };
}

/** `GET /account`: what the self-information screen shows. */
export async function getSelfInfo(db: Database, designerId: number): Promise<SelfInfo> {
  const [row] = await db
    .select({
      id: designers.id,
      account: designers.account,
      nickname: designers.nickname,
      pic: designers.pic,
      phone: designers.phone,
      description: designers.description,
      status: designers.status,
      newlyRegister: designers.newlyRegister,
    })
    .from(designers)
    .where(eq(designers.id, designerId));
  if (!row) throw notFound();
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    pic: row.pic,
    telephone: row.phone ?? '',
    description: row.description,
    status: row.status,
    newly_register: row.newlyRegister ? 1 : 0,
    wechat: await wechatBindingOf(db, designerId),
  };
}

/**
 * `POST yiDesigner/modifyPhone`: binds a first phone, or changes it. The new phone's code
 * (`bind-phone`) is always needed, and when the account has a phone, the code sent to that one
 * (`change-phone-old`, field `oldCode`). A phone another account holds 20004; a wrong, expired
 * or used code 20002 on its field; nothing changes unless both codes are right.
 */
export async function modifyPhone(
  ctx: AccountCtx,
  designerId: number,
  input: { phone: string; code: string; oldCode?: string | undefined },
): Promise<DesignerInfo> {
  const [me] = await ctx.db
    .select({ phone: designers.phone })
    .from(designers)
    .where(eq(designers.id, designerId));
  if (!me) throw notFound();
  if (me.phone === input.phone) throw invalidField('phone', designerMessages.alreadyYourPhone);
  if (me.phone && !input.oldCode) {
    throw invalidField('oldCode', designerMessages.oldCodeRequired);
  }
  const [holder] = await ctx.db
    .select({ id: designers.id })
    .from(designers)
    .where(eq(designers.phone, input.phone));
  if (holder) throw alreadyTaken('phone');

  const oldCodeId = me.phone
    ? await verifyCode(ctx, {
        phone: me.phone,
        purpose: 'change-phone-old',
        code: input.oldCode ?? '',
        designerId,
        field: 'oldCode',
      })
    : undefined;
  const newCodeId = await verifyCode(ctx, {
    phone: input.phone,
    purpose: 'bind-phone',
    code: input.code,
    designerId,
  });
  await ctx.db.transaction(async (tx) => {
    if (oldCodeId !== undefined) await consumeCode(tx, oldCodeId, ctx.now, 'oldCode');
    await consumeCode(tx, newCodeId, ctx.now);
    try {
      await tx
        .update(designers)
        .set({ phone: input.phone, updatedAt: ctx.now })
        .where(eq(designers.id, designerId));
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw alreadyTaken('phone');
      throw error;
    }
    await recordAuditEvent(tx, {
      designerId,
      action: 'phone-change',
      summary: me.phone
        ? `Phone changed to ${maskPhone(input.phone)}`
        : `Phone ${maskPhone(input.phone)} bound`,
      at: ctx.now,
    });
  });
  return getDesignerInfo(ctx.db, designerId);
}
