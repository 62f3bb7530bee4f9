import type { ListPage, ProductDetail, ProductItem } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, stockMovements } from '../../src/db/schema/index.ts';
import { temporaryDataDir } from '../image-files/support.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  envelopeOf,
  errorPaths,
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
  me = await someone(t, 'boutique_me');
  other = await someone(t, 'boutique_other');
  await givePictures(t, me, other);
});
afterAll(() => t?.close());

const list = async (who: Session, query = '') =>
  dataOf<ListPage<ProductItem>>(await call(t, 'GET', `/products${query}`, who));

describe('issue 7 item 1: products with a variant matrix', () => {
  it('creates a draft with two variants and lists it with price span and stock', async () => {
    const product = await createProduct(t, me);
    expect(product.status).toBe('draft');
    expect(product.variants.map((v) => [v.size, v.color])).toEqual([
      ['S', '黑色'],
      ['M', '黑色'],
    ]);
    expect(product.minPrice).toBe(128_000);
    expect(product.maxPrice).toBe(138_000);
    expect(product.stock).toBe(8);
    expect(product.coverUrl).toBe(productImagesOf(me.id)[0]);
    const page = await list(me, '?keyword=盘扣');
    expect(page.dataList.map((p) => p.id)).toContain(product.id);
    expect(page.dataList.find((p) => p.id === product.id)?.variantCount).toBe(2);
    // Opening stock is a restock movement per variant.
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id));
    expect(movements.map((m) => [m.delta, m.reason]).sort()).toEqual([
      [3, 'restock'],
      [5, 'restock'],
    ]);
  });

  it('refuses a product with no variant, a negative price, original below price (40000 on the field)', async () => {
    expectInvalid(await call(t, 'POST', '/products', me, productBody({ variants: [] })), 'variants');
    const negative = productBody();
    negative.variants[0]!.price = -1;
    expectInvalid(await call(t, 'POST', '/products', me, negative), 'variants.0.price');
    const low = productBody();
    low.variants[1]!.originalPrice = 1;
    expectInvalid(await call(t, 'POST', '/products', me, low), 'variants.1.originalPrice');
    const fraction = productBody();
    fraction.variants[0]!.price = 10.5;
    expectInvalid(await call(t, 'POST', '/products', me, fraction), 'variants.0.price');
  });

  it('refuses a bad title, no image, ten images, an unknown category', async () => {
    expectInvalid(await call(t, 'POST', '/products', me, productBody({ title: '' })), 'title');
    expectInvalid(await call(t, 'POST', '/products', me, productBody({ title: 'x'.repeat(61) })), 'title');
    expectInvalid(await call(t, 'POST', '/products', me, productBody({ images: [] })), 'images');
    const ten = Array.from(
      { length: 10 },
      (_, i) => `/designerapi/v1/image-files/designers/${me.id}/images/p-${i}.png`,
    );
    expectInvalid(await call(t, 'POST', '/products', me, productBody({ images: ten })), 'images');
    const res = await call(t, 'POST', '/products', me, { ...productBody(), category: 'spaceship' });
    expectInvalid(res, 'category');
  });

  it('refuses a duplicate SKU in the body (40000) and one used by another product (40900)', async () => {
    const twice = productBody();
    twice.variants[1]!.sku = twice.variants[0]!.sku.toLowerCase();
    expectInvalid(await call(t, 'POST', '/products', me, twice), 'variants.1.sku');
    const first = await createProduct(t, me);
    const again = productBody();
    again.variants[1]!.sku = first.variants[0]!.sku;
    const res = await call(t, 'POST', '/products', me, again);
    expectConflict(res, 'variants.1.sku');
    // Another designer may use the same SKU.
    const theirs = productBody({}, other);
    theirs.variants[0]!.sku = first.variants[0]!.sku;
    expect((await call(t, 'POST', '/products', other, theirs)).statusCode).toBe(200);
  });

  it('strips scripts from the description', async () => {
    const product = await createProduct(
      t,
      me,
      productBody({
        description: '<p onclick="steal()">好看</p><script>alert(1)</script><a href="javascript:x()">看</a>',
      }),
    );
    expect(product.description).toBe('<p>好看</p><a>看</a>');
  });

  it("answers 40400 for another designer's product, its orders and stock, and a foreign brand", async () => {
    const mine = await createProduct(t, me);
    for (const url of [
      `/products/${mine.id}`,
      `/products/${mine.id}/orders`,
      `/products/${mine.id}/stock-history`,
    ]) {
      expectNotFound(await call(t, 'GET', url, other));
    }
    expectNotFound(await call(t, 'PUT', `/products/${mine.id}`, other, productBody()));
    expectNotFound(await call(t, 'DELETE', `/products/${mine.id}`, other));
    expectNotFound(await call(t, 'POST', `/products/${mine.id}/duplicate`, other));
    expectNotFound(
      await call(t, 'POST', '/products/batch-status', other, { ids: [mine.id], status: 'on_sale' }),
    );
    expect((await list(other)).dataList.map((p) => p.id)).not.toContain(mine.id);
    const brand = dataOf<{ id: number }>(await call(t, 'POST', '/brands', me, { name: '我的牌子' }));
    expectInvalid(
      await call(t, 'POST', '/products', other, productBody({ brandId: brand.id }, other)),
      'brandId',
    );
  });

  it('updates variants in place, adds and removes, and records stock changes as movements', async () => {
    const product = await createProduct(t, me);
    const [s, m] = product.variants;
    const body = productBody({
      title: '改过的标题',
      variants: [
        {
          id: s!.id,
          size: 'S',
          color: '黑色',
          sku: m!.sku,
          price: 100_000,
          originalPrice: 100_000,
          stock: 9,
        },
        { size: 'L', color: '白色', sku: `${s!.sku}-L`, price: 150_000, originalPrice: 150_000, stock: 0 },
      ],
    });
    body.variants[0]!.sku = s!.sku; // keep the SKU
    const res = await call(t, 'PUT', `/products/${product.id}`, me, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = dataOf<ProductDetail>(res);
    expect(saved.title).toBe('改过的标题');
    expect(saved.variants.map((v) => v.size)).toEqual(['S', 'L']);
    expect(saved.variants[0]!.id).toBe(s!.id);
    expect(saved.stock).toBe(9);
    expect([saved.minPrice, saved.maxPrice]).toEqual([100_000, 150_000]);
    const movements = await t.db.select().from(stockMovements).where(eq(stockMovements.variantId, s!.id));
    expect(movements.map((mv) => mv.delta)).toEqual([5, 4]);
    // A variant id of another product is refused.
    const foreign = await createProduct(t, me);
    const wrong = productBody();
    wrong.variants[0]!.id = foreign.variants[0]!.id;
    expectInvalid(await call(t, 'PUT', `/products/${product.id}`, me, wrong), 'variants.0.id');
  });

  it('issue 17 point 6: variants read in size order, a size added later (L after XL) in its place', async () => {
    const product = await createProduct(t, me);
    const variant = (size: string) => ({
      size,
      color: '黑色',
      sku: `${product.variants[0]!.sku}-${size}`.replace(/[^A-Za-z0-9-]/g, 'X'),
      price: 100_000,
      originalPrice: 100_000,
      stock: 1,
    });
    // Sizes as a designer adds them over time: the free size, XL, 2XL, then L and S.
    const res = await call(t, 'PUT', `/products/${product.id}`, me, {
      ...productBody(),
      variants: [variant('均码'), variant('XL'), variant('2XL'), variant('L'), variant('S')],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<ProductDetail>(res).variants.map((v) => v.size)).toEqual(['S', 'L', 'XL', '2XL', '均码']);
    const read = dataOf<ProductDetail>(await call(t, 'GET', `/products/${product.id}`, me));
    expect(read.variants.map((v) => v.size)).toEqual(['S', 'L', 'XL', '2XL', '均码']);
  });

  it('two kept variants may swap their SKUs', async () => {
    const product = await createProduct(t, me);
    const [a, b] = product.variants;
    const res = await call(t, 'PUT', `/products/${product.id}`, me, {
      ...productBody(),
      variants: [
        { ...a!, sku: b!.sku },
        { ...b!, sku: a!.sku },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<ProductDetail>(res).variants.map((v) => v.sku)).toEqual([b!.sku, a!.sku]);
  });

  it('batch on/off shelf runs all or nothing; an empty selection is refused', async () => {
    const a = await createProduct(t, me);
    const b = await createProduct(t, me);
    const on = await call(t, 'POST', '/products/batch-status', me, { ids: [a.id, b.id], status: 'on_sale' });
    expect(dataOf<{ updated: number }>(on).updated).toBe(2);
    expect((await list(me, '?status=on_sale')).dataList.map((p) => p.id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    const foreign = await createProduct(t, other);
    const mixed = await call(t, 'POST', '/products/batch-status', me, {
      ids: [a.id, foreign.id],
      status: 'off_shelf',
    });
    expectNotFound(mixed);
    const still = dataOf<ProductDetail>(await call(t, 'GET', `/products/${a.id}`, me));
    expect(still.status).toBe('on_sale');
    expectInvalid(
      await call(t, 'POST', '/products/batch-status', me, { ids: [], status: 'off_shelf' }),
      'ids',
    );
    const off = await call(t, 'POST', '/products/batch-status', me, {
      ids: [a.id, b.id],
      status: 'off_shelf',
    });
    expect(dataOf<{ updated: number }>(off).updated).toBe(2);
    // Back to draft is refused once it has been on sale.
    expectConflict(
      await call(t, 'PUT', `/products/${a.id}`, me, { ...productBody(), status: 'draft' }),
      'status',
    );
  });

  it('deletes drafts only', async () => {
    const draft = await createProduct(t, me);
    const sold = await createProduct(t, me, productBody({ status: 'on_sale' }));
    expectConflict(await call(t, 'DELETE', `/products/${sold.id}`, me));
    expect((await call(t, 'DELETE', `/products/${draft.id}`, me)).statusCode).toBe(200);
    expectNotFound(await call(t, 'GET', `/products/${draft.id}`, me));
  });

  it('duplicates as a draft with suffixed SKUs and no stock', async () => {
    const source = await createProduct(t, me, productBody({ status: 'on_sale' }));
    const res = await call(t, 'POST', `/products/${source.id}/duplicate`, me);
    const copy = dataOf<ProductDetail>(res);
    expect(copy.id).not.toBe(source.id);
    expect(copy.status).toBe('draft');
    expect(copy.title).toBe(`${source.title} 副本`);
    expect(copy.variants.map((v) => v.sku)).toEqual(source.variants.map((v) => `${v.sku}-C1`));
    expect(copy.stock).toBe(0);
    const second = dataOf<ProductDetail>(await call(t, 'POST', `/products/${source.id}/duplicate`, me));
    expect(second.variants[0]!.sku).toBe(`${source.variants[0]!.sku}-C2`);
  });

  it('filters by price range and sorts by price, stock and sales', async () => {
    const designer = await someone(t, 'boutique_sorter');
    await givePictures(t, designer);
    const cheap = await createProduct(t, designer, productBody({ title: 'cheap' }, designer));
    const dear = productBody({ title: 'dear' }, designer);
    for (const v of dear.variants) {
      v.price = 900_000;
      v.originalPrice = 900_000;
      v.stock = 100;
    }
    const expensive = await createProduct(t, designer, dear);
    const byPrice = await list(designer, '?sortBy=price&order=asc');
    expect(byPrice.dataList.map((p) => p.id)).toEqual([cheap.id, expensive.id]);
    const byStock = await list(designer, '?sortBy=stock&order=desc');
    expect(byStock.dataList[0]!.id).toBe(expensive.id);
    const ranged = await list(designer, '?priceMin=500000&priceMax=1000000');
    expect(ranged.dataList.map((p) => p.id)).toEqual([expensive.id]);
    expectInvalid(await call(t, 'GET', '/products?priceMin=5&priceMax=1', designer), 'priceMax');
    expectInvalid(await call(t, 'GET', '/products?sortBy=colour', designer), 'sortBy');
    expect(envelopeOf(await call(t, 'GET', '/products?pageSize=1', designer)).data).toMatchObject({
      totalNumber: 2,
      totalPages: 2,
    });
    expect(errorPaths(await call(t, 'GET', '/products?status=sold', designer))).toEqual(['status']);
  });

  it('a price of 0 is allowed (a gift), and writes no ledger entry', async () => {
    const before = await t.db.$count(ledgerEntries, eq(ledgerEntries.designerId, me.id));
    const body = productBody();
    body.variants[0]!.price = 0;
    body.variants[0]!.originalPrice = 0;
    const product = await createProduct(t, me, body);
    expect(product.minPrice).toBe(0);
    expect(await t.db.$count(ledgerEntries, eq(ledgerEntries.designerId, me.id))).toBe(before);
  });
});
