import {
  ErrorCode,
  type ListPage,
  regionNames,
  SHOP_ADDRESS_MAX,
  type ShopAddress,
  type shopAddressBodySchema,
} from '@dc/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { shopAddresses } from '../../db/schema/index.ts';
import { lockDesigner } from '../../db/sql-helpers.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { fieldFailure } from '../../http/failures.ts';
import { singlePage } from '../../http/list-page.ts';
import { message } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { recordDeletion } from '../audit/index.ts';
import { addressesMessages } from './messages.ts';

type Row = typeof shopAddresses.$inferSelect;
type Body = z.output<typeof shopAddressBodySchema>;

const toWire = (row: Row): ShopAddress => {
  const region = [row.provinceCode, row.cityCode, row.districtCode];
  return {
    id: row.id,
    consignee: row.consignee,
    phone: row.phone,
    region,
    regionNames: regionNames(region),
    detail: row.detail,
    postalCode: row.postalCode,
    isDefault: row.isDefault,
    createdAt: toWireDateTime(row.createdAt),
    updatedAt: toWireDateTime(row.updatedAt),
  };
};

const fieldsOf = (body: Body) => ({
  consignee: body.consignee,
  phone: body.phone,
  provinceCode: body.region[0]!,
  cityCode: body.region[1]!,
  districtCode: body.region[2]!,
  detail: body.detail,
  postalCode: body.postalCode,
});

/** `GET /shop-addresses`: the default first, then the most recently changed. */
export async function listAddresses(db: Database, designerId: number): Promise<ListPage<ShopAddress>> {
  const rows = await db
    .select()
    .from(shopAddresses)
    .where(eq(shopAddresses.designerId, designerId))
    .orderBy(desc(shopAddresses.isDefault), desc(shopAddresses.updatedAt), desc(shopAddresses.id));
  return singlePage(rows.map(toWire));
}

async function ownAddress(tx: Database, designerId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(shopAddresses)
    .where(and(eq(shopAddresses.id, id), eq(shopAddresses.designerId, designerId)));
  if (!row) throw notFound();
  return row;
}

/** Clears the designer's default flag everywhere but on `keepId`. */
async function clearDefault(tx: Database, designerId: number, keepId?: number) {
  await tx
    .update(shopAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(shopAddresses.designerId, designerId),
        eq(shopAddresses.isDefault, true),
        keepId === undefined ? undefined : ne(shopAddresses.id, keepId),
      ),
    );
}

/**
 * `POST /shop-addresses`: at most 20 (40900 beyond). The first address is the default; with
 * `isDefault` a later one takes the flag over. One transaction, the designer's row locked, so
 * two at once cannot both pass the count or both be the default.
 */
export async function createAddress(
  db: Database,
  designerId: number,
  body: Body,
  now: Date,
): Promise<ShopAddress> {
  return db.transaction(async (tx) => {
    await lockDesigner(tx, designerId);
    const existing = await tx.$count(shopAddresses, eq(shopAddresses.designerId, designerId));
    if (existing >= SHOP_ADDRESS_MAX) {
      throw new ApiError(
        ErrorCode.conflict,
        message(addressesMessages.addressesAtMost, { max: SHOP_ADDRESS_MAX }),
      );
    }
    const isDefault = existing === 0 || body.isDefault === true;
    if (isDefault) await clearDefault(tx, designerId);
    const [row] = await tx
      .insert(shopAddresses)
      .values({ designerId, ...fieldsOf(body), isDefault, createdAt: now, updatedAt: now })
      .returning();
    return toWire(row!);
  });
}

/**
 * `PUT /shop-addresses/:id`: replaces the fields. `isDefault` true takes the default over;
 * false on the default address is 40900 (another must become the default instead); omitted
 * leaves it. Another designer's address: 40400.
 */
export async function updateAddress(
  db: Database,
  designerId: number,
  id: number,
  body: Body,
  now: Date,
): Promise<ShopAddress> {
  return db.transaction(async (tx) => {
    await lockDesigner(tx, designerId);
    const current = await ownAddress(tx, designerId, id);
    if (body.isDefault === false && current.isDefault) {
      throw fieldFailure(ErrorCode.conflict, 'isDefault', addressesMessages.oneDefault);
    }
    const isDefault = current.isDefault || body.isDefault === true;
    if (isDefault && !current.isDefault) await clearDefault(tx, designerId, id);
    const [row] = await tx
      .update(shopAddresses)
      .set({ ...fieldsOf(body), isDefault, updatedAt: now })
      .where(and(eq(shopAddresses.id, id), eq(shopAddresses.designerId, designerId)))
      .returning();
    return toWire(row!);
  });
}

/**
 * `DELETE /shop-addresses/:id`: when the default goes, the most recently changed remaining
 * address becomes the default. Answers the new default's id (or null).
 */
export async function deleteAddress(
  db: Database,
  designerId: number,
  id: number,
  now: Date,
): Promise<{ defaultId: number | null }> {
  return db.transaction(async (tx) => {
    await lockDesigner(tx, designerId);
    const [removed] = await tx
      .delete(shopAddresses)
      .where(and(eq(shopAddresses.id, id), eq(shopAddresses.designerId, designerId)))
      .returning();
    if (!removed) throw notFound();
    await recordDeletion(
      tx,
      designerId,
      { type: 'address', id, label: `${removed.consignee} ${removed.detail}` },
      now,
    );
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: shopAddresses.id })
        .from(shopAddresses)
        .where(eq(shopAddresses.designerId, designerId))
        .orderBy(desc(shopAddresses.updatedAt), desc(shopAddresses.id))
        .limit(1);
      if (!next) return { defaultId: null };
      await tx
        .update(shopAddresses)
        .set({ isDefault: true, updatedAt: now })
        .where(eq(shopAddresses.id, next.id));
      return { defaultId: next.id };
    }
    const [current] = await tx
      .select({ id: shopAddresses.id })
      .from(shopAddresses)
      .where(and(eq(shopAddresses.designerId, designerId), eq(shopAddresses.isDefault, true)));
    return { defaultId: current?.id ?? null };
  });
}

/** `POST /shop-addresses/:id/default`: this one becomes the only default (idempotent). */
export async function setDefaultAddress(
  db: Database,
  designerId: number,
  id: number,
  now: Date,
): Promise<ShopAddress> {
  return db.transaction(async (tx) => {
    await lockDesigner(tx, designerId);
    const current = await ownAddress(tx, designerId, id);
    if (current.isDefault) return toWire(current);
    await clearDefault(tx, designerId, id);
    const [row] = await tx
      .update(shopAddresses)
      .set({ isDefault: true, updatedAt: now })
      .where(eq(shopAddresses.id, id))
      .returning();
    return toWire(row!);
  });
}
