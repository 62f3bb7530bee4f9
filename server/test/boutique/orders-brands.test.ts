import type { Brand, BrandPage, ListPage, OrderItem, ProductDetail, StockHistory } from '@dc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fans, ledgerEntries, products } from '../../src/db/schema/index.ts';
import { recordOrder } from '../../src/modules/boutique/orders.ts';
import { addFan } from '../fans/support.ts';
import { temporaryDataDir } from '../image-files/support.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  expectConflict,
  expectInvalid,
  expectNotFound,
  type Session,
  someone,
} from '../support/calls.ts';
import { createProduct, givePictures, productBody, productImagesOf } from './support.ts';

let t: AccountsApp;
let me: Session;
let other: Session;
beforeAll(async () => {
  t = await createAccountsApp({ env: { DATA_DIR: await temporaryDataDir() } });
  me = await someone(t, 'orders_me');
  other = await someone(t, 'orders_other');
  await givePictures(t, me, other);
});
afterAll(() => t?.close());

describe('issue 7 item 2: orders, sales and stock history of a product', () => {
  it('recording an order moves stock, sales, the fan counters and the vault ledger together', async () => {
    const product = await createProduct(t, me, productBody({ status: 'on_sale' }));
    const fanId = await addFan(t, me.id, { nickname: '苏苏', spent: 1000, orders: 1 });
    const variant = product.variants[0]!;
    const at = new Date();
    const orderId = await recordOrder(t.db, {
      designerId: me.id,
      productId: product.id,
      variantId: variant.id,
      quantity: 2,
      fanId,
      at,
    });
    const detail = dataOf<ProductDetail>(await call(t, 'GET', `/products/${product.id}`, me));
    expect(detail.sales).toBe(2);
    expect(detail.stock).toBe(6);
    expect(detail.variants[0]!.stock).toBe(3);
    expect(detail.orderCount).toBe(1);
    expect(detail.revenue).toBe(2 * variant.price);
    const [fan] = await t.db.select().from(fans).where(eq(fans.id, fanId));
    expect(fan!.totalSpent).toBe(1000 + 2 * variant.price);
    expect(fan!.orderCount).toBe(2);
    const [entry] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.designerId, me.id), eq(ledgerEntries.sourceId, product.id)));
    expect(entry).toMatchObject({ kind: 'boutique_sale', amount: 2 * variant.price, buyer: '苏苏' });
    expect(entry!.fee).toBe(Math.floor((2 * variant.price * 10 + 50) / 100));

    const orders = dataOf<ListPage<OrderItem>>(await call(t, 'GET', `/products/${product.id}/orders`, me));
    expect(orders.dataList).toHaveLength(1);
    expect(orders.dataList[0]).toMatchObject({
      id: orderId,
      buyerName: '苏苏',
      fanId,
      size: 'S',
      sku: variant.sku,
      quantity: 2,
      unitPrice: variant.price,
      total: 2 * variant.price,
      state: 'paid',
    });
    expectInvalid(await call(t, 'GET', `/products/${product.id}/orders?state=lost`, me), 'state');

    const history = dataOf<StockHistory>(
      await call(t, 'GET', `/products/${product.id}/stock-history?days=30`, me),
    );
    expect(history.points).toHaveLength(30);
    expect(history.points.at(-1)!.stock).toBe(6);
    expect(history.points.reduce((sum, p) => sum + p.sold, 0)).toBe(2);
    expect(history.points.at(-1)).toMatchObject({ stock: 6, sold: 2, added: 8 });
    // Before today the product did not exist: no stock.
    expect(history.points.at(-2)!.stock).toBe(0);
    expect(history.movements[0]).toMatchObject({
      delta: -2,
      reason: 'sale',
      stockAfter: 3,
      sku: variant.sku,
    });
    expectInvalid(await call(t, 'GET', `/products/${product.id}/stock-history?days=7`, me), 'days');
  });

  it('refuses an order beyond the stock, of a product not on sale, or of a foreign fan, changing nothing', async () => {
    const product = await createProduct(t, me, productBody({ status: 'on_sale' }));
    const variant = product.variants[1]!;
    const order = { designerId: me.id, productId: product.id, variantId: variant.id, at: new Date() };
    await expect(recordOrder(t.db, { ...order, quantity: variant.stock + 1 })).rejects.toMatchObject({
      code: 40900,
    });
    const theirFan = await addFan(t, other.id);
    await expect(recordOrder(t.db, { ...order, quantity: 1, fanId: theirFan })).rejects.toMatchObject({
      code: 40400,
    });
    const draft = await createProduct(t, me);
    await expect(
      recordOrder(t.db, { ...order, productId: draft.id, variantId: draft.variants[0]!.id, quantity: 1 }),
    ).rejects.toMatchObject({ code: 40900 });
    await expect(recordOrder(t.db, { ...order, designerId: other.id, quantity: 1 })).rejects.toMatchObject({
      code: 40400,
    });
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect([row!.salesCount, row!.totalStock]).toEqual([0, 8]);
  });
});

describe('issue 7 item 3: brands and the brand page', () => {
  it('creates a brand with a sanitised story and shows its products on the brand page', async () => {
    const res = await call(t, 'POST', '/brands', me, {
      name: '林间',
      slogan: '一针一线',
      logoUrl: productImagesOf(me.id)[0],
      story: '<h2>故事</h2><p style="color: red; position: fixed">始于 2015</p><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const brand = dataOf<Brand>(res);
    expect(brand.story).toBe('<h2>故事</h2><p style="color: red">始于 2015</p>');
    const onSale = await createProduct(t, me, productBody({ brandId: brand.id, status: 'on_sale' }));
    const draft = await createProduct(t, me, productBody({ brandId: brand.id }));
    await createProduct(t, me);
    const page = dataOf<BrandPage>(await call(t, 'GET', `/brands/${brand.id}`, me));
    expect(page.productCount).toBe(2);
    expect(page.products.map((p) => p.id)).toEqual([onSale.id, draft.id]);
    expect(page.products[0]!.brandName).toBe('林间');
    const listed = dataOf<ListPage<Brand>>(await call(t, 'GET', '/brands', me));
    expect(listed.dataList.find((b) => b.id === brand.id)?.productCount).toBe(2);
    const filtered = dataOf<ListPage<{ id: number }>>(
      await call(t, 'GET', `/products?brandId=${brand.id}`, me),
    );
    expect(filtered.totalNumber).toBe(2);
  });

  it('refuses a duplicate name, a bad logo URL, and deleting a brand with products', async () => {
    const brand = dataOf<Brand>(await call(t, 'POST', '/brands', me, { name: '重名' }));
    const twice = await call(t, 'POST', '/brands', me, { name: '重名' });
    expectConflict(twice, 'name');
    expectInvalid(
      await call(t, 'POST', '/brands', me, { name: 'x', logoUrl: 'javascript:alert(1)' }),
      'logoUrl',
    );
    expectInvalid(await call(t, 'POST', '/brands', me, { name: '' }), 'name');
    await createProduct(t, me, productBody({ brandId: brand.id }));
    expectConflict(await call(t, 'DELETE', `/brands/${brand.id}`, me));
    const empty = dataOf<Brand>(await call(t, 'POST', '/brands', me, { name: '空品牌' }));
    const renamed = await call(t, 'PUT', `/brands/${empty.id}`, me, { name: '新名字', slogan: '慢' });
    expect(dataOf<Brand>(renamed)).toMatchObject({ name: '新名字', slogan: '慢' });
    expect((await call(t, 'DELETE', `/brands/${empty.id}`, me)).statusCode).toBe(200);
  });

  it("answers 40400 for another designer's brand", async () => {
    const brand = dataOf<Brand>(await call(t, 'POST', '/brands', me, { name: '私有' }));
    expectNotFound(await call(t, 'GET', `/brands/${brand.id}`, other));
    expectNotFound(await call(t, 'PUT', `/brands/${brand.id}`, other, { name: '抢' }));
    expectNotFound(await call(t, 'DELETE', `/brands/${brand.id}`, other));
    const theirs = dataOf<ListPage<Brand>>(await call(t, 'GET', '/brands', other));
    expect(theirs.dataList.map((b) => b.id)).not.toContain(brand.id);
  });
});
