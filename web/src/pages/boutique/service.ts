import type {
  Brand,
  BrandBody,
  BrandPage,
  CourseVideoOption,
  OrderItem,
  ProductBatchAnswer,
  ProductBatchStatusBody,
  ProductBody,
  ProductDetail,
  ProductItem,
  productListQuerySchema,
  productOrdersQuerySchema,
  StockHistory,
} from '@dc/contract';
import type { z } from 'zod';
import { request } from '../../request/index.ts';

/** The product list's query as the page holds it. */
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ProductOrdersQuery = Pick<z.output<typeof productOrdersQuerySchema>, 'page' | 'pageSize'>;

const PRODUCTS = '/designerapi/v1/products';
const BRANDS = '/designerapi/v1/brands';

/** react-query keys: everything under `all`, so one invalidation refreshes lists, details and brands. */
export const boutiqueKeys = {
  all: ['boutique'] as const,
  list: (query: ProductListQuery) => ['boutique', 'products', query] as const,
  detail: (id: number) => ['boutique', 'product', id] as const,
  orders: (id: number, query: ProductOrdersQuery) => ['boutique', 'orders', id, query] as const,
  stock: (id: number, days: number) => ['boutique', 'stock', id, days] as const,
  brands: ['boutique', 'brands'] as const,
  brand: (id: number) => ['boutique', 'brand', id] as const,
  videos: ['boutique', 'video-options'] as const,
};

export const fetchProducts = (query: ProductListQuery, signal?: AbortSignal) =>
  request.getList<ProductItem>(PRODUCTS, { params: query, signal });

export const fetchProduct = (id: number, signal?: AbortSignal) =>
  request.get<ProductDetail>(`${PRODUCTS}/${id}`, { signal });

export const createProduct = (body: ProductBody) =>
  request.post<ProductDetail>(PRODUCTS, body, { showErrorMessage: false });

/** PUT answers the raw response (spec section 7); the saved product is its envelope's data. */
export const updateProduct = async (id: number, body: ProductBody) =>
  (await request.put<ProductDetail>(`${PRODUCTS}/${id}`, body, { showErrorMessage: false })).data.data;

export const setProductsStatus = (body: ProductBatchStatusBody) =>
  request.post<ProductBatchAnswer>(`${PRODUCTS}/batch-status`, body);

export const duplicateProduct = (id: number) => request.post<ProductDetail>(`${PRODUCTS}/${id}/duplicate`);

export const deleteDraftProduct = (id: number) => request.delete(`${PRODUCTS}/${id}`);

export const fetchProductOrders = (id: number, query: ProductOrdersQuery, signal?: AbortSignal) =>
  request.getList<OrderItem>(`${PRODUCTS}/${id}/orders`, { params: query, signal });

export const fetchStockHistory = (id: number, days: number, signal?: AbortSignal) =>
  request.get<StockHistory>(`${PRODUCTS}/${id}/stock-history`, { params: { days }, signal });

export const fetchBrands = () => request.getList<Brand>(BRANDS);

export const fetchBrandPage = (id: number, signal?: AbortSignal) =>
  request.get<BrandPage>(`${BRANDS}/${id}`, { signal });

export const createBrand = (body: BrandBody) =>
  request.post<Brand>(BRANDS, body, { showErrorMessage: false });

export const updateBrand = async (id: number, body: BrandBody) =>
  (await request.put<Brand>(`${BRANDS}/${id}`, body, { showErrorMessage: false })).data.data;

export const deleteBrand = (id: number) => request.delete(`${BRANDS}/${id}`);

/** The designer's published videos a product can show (the course editor's list). */
export const fetchVideoOptions = () =>
  request.get<CourseVideoOption[]>('/designerapi/v1/courses/video-options');
