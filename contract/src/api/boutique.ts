import type { boutiqueSchemas } from '../boutique.ts';
import { endpointsOf } from '../endpoint.ts';

/** The boutique calls: method and path, typed with `boutiqueSchemas` (no zod at run time). */
export const boutiqueApi = endpointsOf<typeof boutiqueSchemas>()({
  list: 'GET /products',
  create: 'POST /products',
  batchStatus: 'POST /products/batch-status',
  detail: 'GET /products/:id',
  update: 'PUT /products/:id',
  remove: 'DELETE /products/:id',
  duplicate: 'POST /products/:id/duplicate',
  orders: 'GET /products/:id/orders',
  stockHistory: 'GET /products/:id/stock-history',
  brands: 'GET /brands',
  createBrand: 'POST /brands',
  brandPage: 'GET /brands/:id',
  updateBrand: 'PUT /brands/:id',
  removeBrand: 'DELETE /brands/:id',
});
