import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema, listPageSchema, pageQuerySchema } from './envelope.ts';
import {
  bodyIdField,
  fen,
  idField,
  idParamsSchema,
  imageListField,
  imageUrlField,
  keywordField,
  pureSchema,
  text,
  wireDateTime,
} from './fields.ts';
import { worded } from './wordings.ts';

/**
 * 商家精品 merchant boutique (issue 7 items 1–3): products with a size × colour variant matrix,
 * brands, orders and stock history (`/designerapi/v1/products…`, `/designerapi/v1/brands…`).
 * Money is integer fen. Descriptions and brand stories are rich-text HTML, sanitised by the
 * server (scripts, event handlers, `javascript:` URLs and style expressions removed).
 */

export const productStatuses = ['draft', 'on_sale', 'off_shelf'] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const productCategories = [
  'qipao',
  'suit',
  'dress',
  'top',
  'bottom',
  'outerwear',
  'accessory',
  'shoes',
] as const;
export type ProductCategory = (typeof productCategories)[number];

export const orderStates = ['paid', 'shipped', 'completed', 'refunded'] as const;
export type OrderState = (typeof orderStates)[number];

export const stockReasons = ['sale', 'restock', 'adjust'] as const;
export type StockReason = (typeof stockReasons)[number];

export const PRODUCT_TITLE_MAX = 60;
export const PRODUCT_IMAGES_MAX = 9;
export const RICH_TEXT_MAX = 20_000;
export const VARIANTS_MAX = 100;
export const VARIANT_OPTION_MAX = 16;
export const SKU_MAX = 40;
/** ¥1,000,000.00: far above any garment, far below integer overflow. */
export const PRODUCT_PRICE_MAX = 100_000_000;
export const STOCK_MAX = 999_999;
export const BATCH_MAX = 100;
export const BRAND_NAME_MAX = 30;
export const BRAND_SLOGAN_MAX = 60;

/** Sizes and colours the matrix editor offers first (any other short text is accepted). */
export const COMMON_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '均码'] as const;
export const COMMON_COLORS = ['黑色', '白色', '米白', '藏青', '酒红', '墨绿', '浅灰', '杏色', '雾蓝', '卡其'];

/** Rich-text HTML as the editor sends it; the server keeps only its allow-listed form. */
export const richTextField = z
  .string()
  .max(RICH_TEXT_MAX, worded(`最多 ${RICH_TEXT_MAX} 个字符`, `at most ${RICH_TEXT_MAX} characters`))
  .refine(
    (value) => !value.includes('\u0000'),
    worded('不能包含 NUL 字符', 'must not contain NUL characters'),
  )
  .default('');

export const skuField = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/,
    worded('须为字母、数字、“-”、“_”或“.”，最多 40 个', 'letters, digits, "-", "_" or ".", at most 40'),
  );

const priceField = fen
  .min(0, worded('不能小于 0', 'must be 0 or more'))
  .max(PRODUCT_PRICE_MAX, worded(`最多 ${PRODUCT_PRICE_MAX} 分`, `at most ${PRODUCT_PRICE_MAX} fen`));

/** One cell of the variant matrix. `id` keeps an existing variant (and the 3D looks linked to it). */
export const variantBodySchema = z.strictObject({
  id: bodyIdField.optional(),
  size: text(VARIANT_OPTION_MAX, 1, 'line'),
  color: text(VARIANT_OPTION_MAX, 1, 'line'),
  sku: skuField,
  price: priceField,
  originalPrice: priceField,
  stock: z
    .number()
    .int()
    .min(0, worded('不能小于 0', 'must be 0 or more'))
    .max(STOCK_MAX, worded(`最多 ${STOCK_MAX}`, `at most ${STOCK_MAX}`)),
});
export type VariantBody = z.input<typeof variantBodySchema>;

/**
 * `POST /products` and `PUT /products/:id` (replaces the product; variants with an `id` keep
 * it, variants left out are deleted). At least one variant; each original price ≥ its price;
 * SKUs and size × colour pairs distinct. `status`: created as draft unless given; on PUT,
 * omitted leaves it.
 */
export const productBodySchema = /* @__PURE__ */ pureSchema(() =>
  z
    .strictObject({
      title: text(PRODUCT_TITLE_MAX, 1, 'line'),
      brandId: bodyIdField.nullable().default(null),
      category: z.enum(productCategories),
      images: imageListField(PRODUCT_IMAGES_MAX, 1),
      videoId: bodyIdField.nullable().default(null),
      description: richTextField,
      status: z.enum(productStatuses).optional(),
      variants: z
        .array(variantBodySchema)
        .min(1, worded('请至少添加一个规格', 'add at least one variant'))
        .max(VARIANTS_MAX, worded(`最多 ${VARIANTS_MAX} 个规格`, `at most ${VARIANTS_MAX} variants`)),
    })
    .superRefine((product, ctx) => {
      const skus = new Map<string, number>();
      const pairs = new Map<string, number>();
      product.variants.forEach((variant, index) => {
        if (variant.originalPrice < variant.price) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', index, 'originalPrice'],
            message: 'the original price must not be below the price',
          });
        }
        const sku = variant.sku.toUpperCase();
        if (skus.has(sku)) {
          ctx.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: 'the same SKU twice' });
        } else skus.set(sku, index);
        const pair = `${variant.size}\u0000${variant.color}`;
        if (pairs.has(pair)) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', index, 'size'],
            message: 'the same size and colour twice',
          });
        } else pairs.set(pair, index);
      });
    }),
);
export type ProductBody = z.input<typeof productBodySchema>;

export const productSortFields = ['createdAt', 'sales', 'price', 'stock'] as const;
export type ProductSortField = (typeof productSortFields)[number];

/** `GET /products`: filters, sort and page. Price range in fen, on the lowest variant price. */
export const productListQuerySchema = z
  .strictObject({
    ...pageQuerySchema.shape,
    status: z.enum(productStatuses).optional(),
    brandId: idField.optional(),
    category: z.enum(productCategories).optional(),
    keyword: keywordField,
    priceMin: z.coerce.number().int().min(0).max(PRODUCT_PRICE_MAX).optional(),
    priceMax: z.coerce.number().int().min(0).max(PRODUCT_PRICE_MAX).optional(),
    sortBy: z.enum(productSortFields).default('createdAt'),
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    path: ['priceMax'],
    message: 'must not be below priceMin',
  });
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** A row of the product list. Prices span the variants; `stock` is their sum. */
export const productItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  brandId: z.number().int().nullable(),
  brandName: z.string().nullable(),
  category: z.enum(productCategories),
  coverUrl: z.string(),
  status: z.enum(productStatuses),
  sales: z.number().int(),
  minPrice: fen,
  maxPrice: fen,
  stock: z.number().int(),
  variantCount: z.number().int(),
  createdAt: wireDateTime,
  updatedAt: wireDateTime,
});
export type ProductItem = z.infer<typeof productItemSchema>;

export const variantSchema = z.object({
  id: z.number().int(),
  size: z.string(),
  color: z.string(),
  sku: z.string(),
  price: fen,
  originalPrice: fen,
  stock: z.number().int(),
});
export type Variant = z.infer<typeof variantSchema>;

export const brandSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string(),
  slogan: z.string(),
});
export type BrandSummary = z.infer<typeof brandSummarySchema>;

/**
 * `GET /products/:id`: everything a buyer sees (gallery, variants, description) plus the
 * figures from its orders: `revenue` sums the orders not refunded.
 */
export const productDetailSchema = productItemSchema.extend({
  images: z.array(z.string()),
  videoId: z.number().int().nullable(),
  videoTitle: z.string().nullable(),
  description: z.string(),
  variants: z.array(variantSchema),
  brand: brandSummarySchema.nullable(),
  orderCount: z.number().int(),
  revenue: fen,
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** `POST /products/batch-status`: every id must be the designer's, or nothing changes. */
export const productBatchStatusBodySchema = z.strictObject({
  ids: z
    .array(bodyIdField)
    .min(1, worded('请至少选择一件商品', 'select at least one product'))
    .max(BATCH_MAX, worded(`一次最多 ${BATCH_MAX} 项`, `at most ${BATCH_MAX} at a time`)),
  status: z.enum(['on_sale', 'off_shelf']),
});
export type ProductBatchStatusBody = z.infer<typeof productBatchStatusBodySchema>;
export const productBatchAnswerSchema = z.object({ updated: z.number().int() });
export type ProductBatchAnswer = z.infer<typeof productBatchAnswerSchema>;

/** `GET /products/:id/orders`: newest first. */
export const productOrdersQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  state: z.enum(orderStates).optional(),
});
export type ProductOrdersQuery = z.input<typeof productOrdersQuerySchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  buyerName: z.string(),
  fanId: z.number().int().nullable(),
  size: z.string(),
  color: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPrice: fen,
  total: fen,
  state: z.enum(orderStates),
  createdAt: wireDateTime,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** `GET /products/:id/stock-history?days=90`: the daily stock level and the latest movements. */
export const STOCK_HISTORY_DAYS = [30, 90, 365] as const;
export const stockHistoryQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (STOCK_HISTORY_DAYS as readonly number[]).includes(days), 'one of 30, 90, 365')
    .default(90),
  _t: z.coerce.number().optional(),
});
export const stockMovementSchema = z.object({
  id: z.number().int(),
  variantId: z.number().int(),
  size: z.string(),
  color: z.string(),
  sku: z.string(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(stockReasons),
  at: wireDateTime,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockHistorySchema = z.object({
  /** One point per business day, oldest first: the total stock at the day's end, units sold and added. */
  points: z.array(
    z.object({
      date: z.string(),
      stock: z.number().int(),
      sold: z.number().int(),
      added: z.number().int(),
    }),
  ),
  /** The latest 50 movements, newest first. */
  movements: z.array(stockMovementSchema),
});
export type StockHistory = z.infer<typeof stockHistorySchema>;

/** `POST/PUT /brands…`. */
export const brandBodySchema = /* @__PURE__ */ pureSchema(() =>
  z.strictObject({
    name: text(BRAND_NAME_MAX, 1, 'line'),
    logoUrl: z.union([z.literal(''), imageUrlField]).default(''),
    coverUrl: z.union([z.literal(''), imageUrlField]).default(''),
    slogan: text(BRAND_SLOGAN_MAX, 0, 'line').default(''),
    story: richTextField,
  }),
);
export type BrandBody = z.input<typeof brandBodySchema>;

export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string(),
  coverUrl: z.string(),
  slogan: z.string(),
  story: z.string(),
  productCount: z.number().int(),
  createdAt: wireDateTime,
  updatedAt: wireDateTime,
});
export type Brand = z.infer<typeof brandSchema>;

/** `GET /brands/:id`: the brand page: the brand and its products (on sale first). */
export const brandPageSchema = brandSchema.extend({ products: z.array(productItemSchema) });
export type BrandPage = z.infer<typeof brandPageSchema>;

/** The boutique calls (contract/src/endpoint.ts); method and path in `api/boutique.ts`. */
export const boutiqueSchemas = {
  list: { query: productListQuerySchema, data: listPageSchema(productItemSchema) },
  create: { body: productBodySchema, data: productDetailSchema },
  batchStatus: { body: productBatchStatusBodySchema, data: productBatchAnswerSchema },
  detail: { params: idParamsSchema, query: emptyQuerySchema, data: productDetailSchema },
  update: { params: idParamsSchema, body: productBodySchema, data: productDetailSchema },
  remove: { params: idParamsSchema, data: z.null() },
  duplicate: { params: idParamsSchema, data: productDetailSchema },
  orders: { params: idParamsSchema, query: productOrdersQuerySchema, data: listPageSchema(orderItemSchema) },
  stockHistory: { params: idParamsSchema, query: stockHistoryQuerySchema, data: stockHistorySchema },
  brands: { query: emptyQuerySchema, data: listPageSchema(brandSchema) },
  createBrand: { body: brandBodySchema, data: brandSchema },
  brandPage: { params: idParamsSchema, query: emptyQuerySchema, data: brandPageSchema },
  updateBrand: { params: idParamsSchema, body: brandBodySchema, data: brandSchema },
  removeBrand: { params: idParamsSchema, data: z.null() },
} satisfies EndpointSchemaMap;
