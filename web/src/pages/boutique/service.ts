import {
  type BrandBody,
  boutiqueApi,
  coursesApi,
  type ProductBatchStatusBody,
  type ProductBody,
  type productListQuerySchema,
  type productOrdersQuerySchema,
} from '@dc/contract';
import type { z } from 'zod';
import { call } from '../../api/call.ts';

/** The product list's query as the page holds it. */
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ProductOrdersQuery = Pick<z.output<typeof productOrdersQuerySchema>, 'page' | 'pageSize'>;

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
  call(boutiqueApi.list, { query }, { list: true, signal });

export const fetchProduct = (id: number, signal?: AbortSignal) =>
  call(boutiqueApi.detail, { params: { id } }, { signal });

export const createProduct = (body: ProductBody) =>
  call(boutiqueApi.create, { body }, { showErrorMessage: false });

/** PUT answers the raw response (spec section 7); the saved product is its envelope's data. */
export const updateProduct = async (id: number, body: ProductBody) =>
  (await call(boutiqueApi.update, { params: { id }, body }, { showErrorMessage: false })).data.data;

export const setProductsStatus = (body: ProductBatchStatusBody) => call(boutiqueApi.batchStatus, { body });

export const duplicateProduct = (id: number) => call(boutiqueApi.duplicate, { params: { id } });

export const deleteDraftProduct = (id: number) => call(boutiqueApi.remove, { params: { id } });

export const fetchProductOrders = (id: number, query: ProductOrdersQuery, signal?: AbortSignal) =>
  call(boutiqueApi.orders, { params: { id }, query }, { list: true, signal });

export const fetchStockHistory = (id: number, days: number, signal?: AbortSignal) =>
  call(boutiqueApi.stockHistory, { params: { id }, query: { days } }, { signal });

export const fetchBrands = () => call(boutiqueApi.brands, {}, { list: true });

export const fetchBrandPage = (id: number, signal?: AbortSignal) =>
  call(boutiqueApi.brandPage, { params: { id } }, { signal });

export const createBrand = (body: BrandBody) =>
  call(boutiqueApi.createBrand, { body }, { showErrorMessage: false });

export const updateBrand = async (id: number, body: BrandBody) =>
  (await call(boutiqueApi.updateBrand, { params: { id }, body }, { showErrorMessage: false })).data.data;

export const deleteBrand = (id: number) => call(boutiqueApi.removeBrand, { params: { id } });

/** The designer's published videos a product can show (the course editor's list). */
export const fetchVideoOptions = () => call(coursesApi.videoOptions);
