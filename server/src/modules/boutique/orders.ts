import { ErrorCode, type OrderState } from '@dc/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fanDataChanged } from '../../db/fan-data-versions.ts';
import { boutiqueOrders, fans, products, productVariants, stockMovements } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { recordLedgerEntries } from '../vault/index.ts';
import { boutiqueMessages } from './messages.ts';

/** The platform's share of a sale, as the vault books it: 10%, rounded half up (integer fen). */
const PLATFORM_FEE_PERCENT = 10;
export const platformFeeOf = (amount: number) => Math.floor((amount * PLATFORM_FEE_PERCENT + 50) / 100);

export interface NewOrder {
  designerId: number;
  productId: number;
  variantId: number;
  quantity: number;
  /** The buyer when a fan of the designer; their counters move with the order. */
  fanId?: number | null;
  /** The buyer's name on the order; defaults to the fan's nickname. */
  buyerName?: string;
  state?: OrderState;
  at: Date;
}

/**
 * Records a paid order of an on-sale product, in one transaction: the order row (price and
 * variant copied), the variant's stock down with a `sale` movement, the product's sales count
 * and stock total, the fan's total spent, order count and last activity, and the vault's
 * `boutique_sale` ledger entry; a fan's order moves the designer's `orders` data version (crowd
 * packs reading purchases or spending turn stale). Not enough stock or a product not on sale:
 * 40900; a product, variant or fan that is not the designer's: 40400. Answers the order id.
 */
export async function recordOrder(db: Database, order: NewOrder): Promise<number> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, title: products.title, status: products.status })
      .from(products)
      .where(and(eq(products.id, order.productId), eq(products.designerId, order.designerId)))
      .for('update');
    if (!product) throw notFound(boutiqueMessages.noSuchProductPlain);
    if (product.status !== 'on_sale')
      throw new ApiError(ErrorCode.conflict, boutiqueMessages.productNotOnSale);
    const [variant] = await tx
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.id, order.variantId), eq(productVariants.productId, product.id)))
      .for('update');
    if (!variant) throw notFound(boutiqueMessages.noSuchVariant);
    if (!Number.isInteger(order.quantity) || order.quantity < 1) {
      throw new ApiError(ErrorCode.validation, boutiqueMessages.quantityPositive);
    }
    if (variant.stock < order.quantity)
      throw new ApiError(ErrorCode.conflict, boutiqueMessages.notEnoughStock);
    let buyerName = order.buyerName ?? '';
    if (order.fanId) {
      const [fan] = await tx
        .select({ nickname: fans.nickname })
        .from(fans)
        .where(and(eq(fans.id, order.fanId), eq(fans.designerId, order.designerId)));
      if (!fan) throw notFound(boutiqueMessages.noSuchFan);
      buyerName ||= fan.nickname;
    }
    const total = variant.price * order.quantity;
    const state = order.state ?? 'paid';
    const [row] = await tx
      .insert(boutiqueOrders)
      .values({
        designerId: order.designerId,
        fanId: order.fanId ?? null,
        buyerName: buyerName.slice(0, 32),
        productId: product.id,
        variantId: variant.id,
        size: variant.size,
        color: variant.color,
        sku: variant.sku,
        quantity: order.quantity,
        unitPrice: variant.price,
        total,
        state,
        createdAt: order.at,
      })
      .returning({ id: boutiqueOrders.id });
    const stockAfter = variant.stock - order.quantity;
    await tx.update(productVariants).set({ stock: stockAfter }).where(eq(productVariants.id, variant.id));
    await tx.insert(stockMovements).values({
      productId: product.id,
      variantId: variant.id,
      delta: -order.quantity,
      stockAfter,
      reason: 'sale',
      at: order.at,
    });
    await tx
      .update(products)
      .set({
        salesCount: sql`${products.salesCount} + ${order.quantity}`,
        totalStock: sql`${products.totalStock} - ${order.quantity}`,
      })
      .where(eq(products.id, product.id));
    if (order.fanId) {
      await tx
        .update(fans)
        .set({
          totalSpent: sql`${fans.totalSpent} + ${total}`,
          orderCount: sql`${fans.orderCount} + 1`,
          lastActiveAt: sql`greatest(${fans.lastActiveAt}, ${order.at.toISOString()}::timestamptz)`,
        })
        .where(eq(fans.id, order.fanId));
    }
    if (total > 0) await bookSale(tx, order, state, total, product.title, buyerName);
    if (order.fanId) await fanDataChanged(tx, order.designerId, 'orders');
    return row!.id;
  });
}

/**
 * The vault's side of an order: its `boutique_sale` entry, pending until it settles. An order
 * recorded as refunded earns nothing (the analytics and the product's revenue leave it out): its
 * sale is booked `refunded` and cancelled by a `refund` entry, as the ledger books every refund.
 */
async function bookSale(
  tx: Database,
  order: NewOrder,
  state: OrderState,
  total: number,
  title: string,
  buyerName: string,
) {
  const fee = platformFeeOf(total);
  const sale = {
    designerId: order.designerId,
    kind: 'boutique_sale' as const,
    amount: total,
    fee,
    title,
    sourceType: 'product' as const,
    sourceId: order.productId,
    sourceTitle: title,
    buyer: buyerName.slice(0, 64) || null,
    createdAt: order.at,
  };
  if (state !== 'refunded') {
    await recordLedgerEntries(tx, [sale]);
    return;
  }
  await recordLedgerEntries(tx, [
    { ...sale, state: 'refunded', settledAt: order.at },
    {
      ...sale,
      kind: 'refund',
      amount: -total,
      fee: -fee,
      net: -(total - fee),
      state: 'refunded',
      title: `退款 · ${title}`.slice(0, 128),
      settleDueAt: null,
      settledAt: order.at,
    },
  ]);
}
