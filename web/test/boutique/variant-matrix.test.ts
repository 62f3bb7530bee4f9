import { productBodySchema } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import {
  buildMatrix,
  draftOfProduct,
  emptyDraft,
  fillAll,
  matrixProblems,
  productBodyOf,
  rowKey,
  rowOfPath,
  suggestSku,
  yuanToFen,
} from '../../src/pages/boutique/variant-matrix.ts';

describe('variant matrix of the product editor (issue 7 item 1)', () => {
  it('builds sizes × colours, sizes outer, with suggested SKUs', () => {
    const rows = buildMatrix(['S', 'M'], ['黑色', '白色'], [], 'p1x');
    expect(rows.map((r) => [r.size, r.color, r.sku])).toEqual([
      ['S', '黑色', 'P1X-S-1'],
      ['S', '白色', 'P1X-S-2'],
      ['M', '黑色', 'P1X-M-1'],
      ['M', '白色', 'P1X-M-2'],
    ]);
    expect(rows.every((r) => r.price === null && r.stock === null)).toBe(true);
    expect(suggestSku('', '均码', 0)).toBe('SKU-F-1');
  });

  it('keeps what was typed in rows that remain, drops the others', () => {
    const first = fillAll(buildMatrix(['S', 'M'], ['黑色'], [], 'A'), { price: 99.9, stock: 5 });
    first[0] = { ...first[0]!, sku: 'MINE', id: 7 };
    const next = buildMatrix(['S', 'L'], ['黑色', '白色'], first, 'A');
    expect(next).toHaveLength(4);
    expect(next[0]).toMatchObject({ id: 7, sku: 'MINE', price: 99.9, stock: 5 });
    expect(next.find((r) => r.size === 'M')).toBeUndefined();
    expect(next[1]).toMatchObject({ size: 'S', color: '白色', price: null });
  });

  it('fill all sets the given values only', () => {
    const rows = buildMatrix(['S', 'M'], ['黑色'], [], 'A');
    const filled = fillAll(rows, { price: 10, originalPrice: null, stock: 3 });
    expect(filled.map((r) => [r.price, r.originalPrice, r.stock])).toEqual([
      [10, null, 3],
      [10, null, 3],
    ]);
    expect(fillAll(filled, { stock: 0 }).map((r) => r.stock)).toEqual([0, 0]);
  });

  it('finds missing prices, duplicate SKUs and an original price below the price', () => {
    const rows = fillAll(buildMatrix(['S', 'M', 'L'], ['黑色'], [], 'A'), { price: 10, stock: 1 });
    rows[0] = { ...rows[0]!, price: null };
    rows[1] = { ...rows[1]!, originalPrice: 9.99 };
    rows[2] = { ...rows[2]!, sku: rows[1]!.sku.toLowerCase() };
    const problems = matrixProblems(rows);
    expect(problems.get(rowKey(rows[0]!))).toBe('priceRequired');
    expect(problems.get(rowKey(rows[1]!))).toBe('originalLow');
    expect(problems.get(rowKey(rows[2]!))).toBe('skuTwice');
  });

  it('assembles a request body the contract accepts: yuan → fen, empty original = price', () => {
    const rows = fillAll(buildMatrix(['S', 'M'], ['黑色'], [], 'QP'), { price: 1280.1, stock: 4 });
    rows[1] = { ...rows[1]!, originalPrice: 1580, id: 3 };
    const body = productBodyOf(
      {
        ...emptyDraft(),
        title: ' 旗袍 ',
        category: 'qipao',
        images: ['/designerapi/v1/image-files/designers/1/images/a.png'],
      },
      rows,
      'on_sale',
    );
    expect(body).toMatchObject({ title: '旗袍', brandId: null, videoId: null, status: 'on_sale' });
    expect(body.variants).toEqual([
      { size: 'S', color: '黑色', sku: 'QP-S-1', price: 128_010, originalPrice: 128_010, stock: 4 },
      { id: 3, size: 'M', color: '黑色', sku: 'QP-M-1', price: 128_010, originalPrice: 158_000, stock: 4 },
    ]);
    expect(productBodySchema.safeParse(body).success).toBe(true);
    expect(productBodyOf({ ...emptyDraft(), title: 'x' }, rows).status).toBeUndefined();
    expect(yuanToFen(0.29)).toBe(29);
  });

  it('reads a product back into the editor and maps server paths to rows', () => {
    const { draft, rows } = draftOfProduct({
      id: 1,
      title: 'T',
      brandId: 2,
      brandName: 'B',
      category: 'dress',
      coverUrl: '/a.svg',
      status: 'draft',
      sales: 0,
      minPrice: 100,
      maxPrice: 200,
      stock: 3,
      variantCount: 2,
      createdAt: '2026-01-01 00:00:00',
      updatedAt: '2026-01-01 00:00:00',
      images: ['/a.svg'],
      videoId: null,
      videoTitle: null,
      description: '<p>d</p>',
      variants: [
        { id: 5, size: 'S', color: '红', sku: 'A', price: 100, originalPrice: 150, stock: 1 },
        { id: 6, size: 'M', color: '红', sku: 'B', price: 200, originalPrice: 200, stock: 2 },
      ],
      brand: null,
      orderCount: 0,
      revenue: 0,
    });
    expect(draft).toMatchObject({ sizes: ['S', 'M'], colors: ['红'], brandId: 2, description: '<p>d</p>' });
    expect(rows[0]).toEqual({
      id: 5,
      size: 'S',
      color: '红',
      sku: 'A',
      price: 1,
      originalPrice: 1.5,
      stock: 1,
    });
    expect(rowOfPath(rows, 'variants.1.sku')).toEqual({ key: rowKey(rows[1]!), field: 'sku' });
    expect(rowOfPath(rows, 'title')).toBeUndefined();
  });
});

describe('issue 17 point 6: each row problem under the cell it concerns', () => {
  it('原价不能低于售价 sits under 原价; a server path names its cell, a row-wide one the SKU', async () => {
    const { PROBLEM_FIELD, variantFieldOf } = await import('../../src/pages/boutique/variant-matrix.ts');
    expect(PROBLEM_FIELD.originalLow).toBe('originalPrice');
    expect(PROBLEM_FIELD.priceRequired).toBe('price');
    expect(PROBLEM_FIELD.stockRequired).toBe('stock');
    expect(PROBLEM_FIELD.skuTwice).toBe('sku');
    expect(variantFieldOf('originalPrice')).toBe('originalPrice');
    expect(variantFieldOf('color')).toBe('sku');
    expect(variantFieldOf('')).toBe('sku');
  });
});
