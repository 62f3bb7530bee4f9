import type { ProductBody, ProductCategory, ProductDetail, ProductStatus, VariantBody } from '@dc/contract';

/**
 * The variant matrix of the product editor, framework-free: sizes × colours make the rows,
 * each with SKU, price, original price (yuan in the form, fen on the wire) and stock.
 */

/** One row of the matrix as the editor holds it; prices in yuan, null while empty. */
export interface VariantRow {
  /** An existing variant's id (kept on save). */
  id?: number;
  size: string;
  color: string;
  sku: string;
  price: number | null;
  originalPrice: number | null;
  stock: number | null;
}

export const rowKey = (row: Pick<VariantRow, 'size' | 'color'>) => `${row.size}\u0000${row.color}`;

/** A SKU suggestion: `<prefix>-<size>-<colour index>`, letters and digits only. */
export function suggestSku(prefix: string, size: string, colorIndex: number): string {
  const clean = (value: string) => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const sizePart = clean(size) || 'F';
  return `${clean(prefix) || 'SKU'}-${sizePart}-${colorIndex + 1}`.slice(0, 40);
}

/**
 * The rows for `sizes` × `colors` (sizes outer, colours inner), keeping what was typed into a
 * row whose size and colour remain; new rows get a suggested SKU and empty figures.
 */
export function buildMatrix(
  sizes: readonly string[],
  colors: readonly string[],
  previous: readonly VariantRow[],
  skuPrefix: string,
): VariantRow[] {
  const kept = new Map(previous.map((row) => [rowKey(row), row]));
  return sizes.flatMap((size) =>
    colors.map((color, colorIndex) => {
      const old = kept.get(rowKey({ size, color }));
      return (
        old ?? {
          size,
          color,
          sku: suggestSku(skuPrefix, size, colorIndex),
          price: null,
          originalPrice: null,
          stock: null,
        }
      );
    }),
  );
}

export interface FillValues {
  price?: number | null;
  originalPrice?: number | null;
  stock?: number | null;
}

/** "Fill all": every row takes the given values (a value left empty changes nothing). */
export function fillAll(rows: readonly VariantRow[], values: FillValues): VariantRow[] {
  return rows.map((row) => ({
    ...row,
    ...(values.price != null ? { price: values.price } : {}),
    ...(values.originalPrice != null ? { originalPrice: values.originalPrice } : {}),
    ...(values.stock != null ? { stock: values.stock } : {}),
  }));
}

/** Yuan (as typed, up to 2 decimals) to integer fen, without float drift. */
export const yuanToFen = (yuan: number): number => Math.round(yuan * 100);
export const fenToYuan = (fen: number): number => fen / 100;

/** A row's problems the form shows before sending (the server checks the same). */
export type RowProblem = 'skuRequired' | 'priceRequired' | 'originalLow' | 'stockRequired' | 'skuTwice';

/** The cells of a row a problem can sit under. */
export type VariantField = 'sku' | 'price' | 'originalPrice' | 'stock';
const VARIANT_FIELDS: readonly string[] = ['sku', 'price', 'originalPrice', 'stock'] satisfies VariantField[];

/** The cell each of the form's own problems is about: 原价不能低于售价 under 原价, not the SKU. */
export const PROBLEM_FIELD: Readonly<Record<RowProblem, VariantField>> = {
  skuRequired: 'sku',
  skuTwice: 'sku',
  priceRequired: 'price',
  originalLow: 'originalPrice',
  stockRequired: 'stock',
};

/**
 * The cell a server problem of a row goes under: its field (`variants.2.originalPrice`), or the
 * row's first cell, the SKU, for one about the row as a whole or its size and colour.
 */
export const variantFieldOf = (field: string): VariantField =>
  VARIANT_FIELDS.includes(field) ? (field as VariantField) : 'sku';

export function matrixProblems(rows: readonly VariantRow[]): Map<string, RowProblem> {
  const problems = new Map<string, RowProblem>();
  const skus = new Set<string>();
  for (const row of rows) {
    const key = rowKey(row);
    const sku = row.sku.trim().toUpperCase();
    if (!sku) problems.set(key, 'skuRequired');
    else if (skus.has(sku)) problems.set(key, 'skuTwice');
    else if (row.price == null) problems.set(key, 'priceRequired');
    else if (row.stock == null) problems.set(key, 'stockRequired');
    else if (row.originalPrice != null && yuanToFen(row.originalPrice) < yuanToFen(row.price)) {
      problems.set(key, 'originalLow');
    }
    skus.add(sku);
  }
  return problems;
}

/** The editor's form values (besides the matrix). */
export interface ProductDraft {
  title: string;
  brandId: number | null;
  category: ProductCategory | undefined;
  images: string[];
  videoId: number | null;
  description: string;
  sizes: string[];
  colors: string[];
}

export const emptyDraft = (): ProductDraft => ({
  title: '',
  brandId: null,
  category: undefined,
  images: [],
  videoId: null,
  description: '',
  sizes: [],
  colors: [],
});

const unique = (values: string[]) => [...new Set(values)];

/** The draft and matrix of an existing product. */
export function draftOfProduct(product: ProductDetail): { draft: ProductDraft; rows: VariantRow[] } {
  return {
    draft: {
      title: product.title,
      brandId: product.brandId,
      category: product.category,
      images: product.images,
      videoId: product.videoId,
      description: product.description,
      sizes: unique(product.variants.map((v) => v.size)),
      colors: unique(product.variants.map((v) => v.color)),
    },
    rows: product.variants.map((v) => ({
      id: v.id,
      size: v.size,
      color: v.color,
      sku: v.sku,
      price: fenToYuan(v.price),
      originalPrice: fenToYuan(v.originalPrice),
      stock: v.stock,
    })),
  };
}

/**
 * The request body of the editor: prices to fen, an empty original price is the price,
 * an empty stock 0; `status` only when given (publish on create).
 */
export function productBodyOf(
  draft: ProductDraft,
  rows: readonly VariantRow[],
  status?: ProductStatus,
): ProductBody {
  const variants: VariantBody[] = rows.map((row) => {
    const price = yuanToFen(row.price ?? 0);
    return {
      ...(row.id !== undefined ? { id: row.id } : {}),
      size: row.size,
      color: row.color,
      sku: row.sku.trim(),
      price,
      originalPrice: row.originalPrice == null ? price : yuanToFen(row.originalPrice),
      stock: row.stock ?? 0,
    };
  });
  return {
    title: draft.title.trim(),
    brandId: draft.brandId ?? null,
    category: draft.category as ProductCategory,
    images: draft.images,
    videoId: draft.videoId ?? null,
    description: draft.description,
    variants,
    ...(status ? { status } : {}),
  };
}

/** The matrix row a server path such as `variants.3.sku` points at, and the field. */
export function rowOfPath(
  rows: readonly VariantRow[],
  path: string,
): { key: string; field: string } | undefined {
  const match = /^variants\.(\d+)(?:\.(\w+))?/.exec(path);
  if (!match) return undefined;
  const row = rows[Number(match[1])];
  return row ? { key: rowKey(row), field: match[2] ?? '' } : undefined;
}
