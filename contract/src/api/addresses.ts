import type { addressesSchemas } from '../addresses.ts';
import { endpointsOf } from '../endpoint.ts';

/** The addresses calls: method and path, typed with `addressesSchemas` (no zod at run time). */
export const addressesApi = endpointsOf<typeof addressesSchemas>()({
  list: 'GET /shop-addresses',
  create: 'POST /shop-addresses',
  update: 'PUT /shop-addresses/:id',
  remove: 'DELETE /shop-addresses/:id',
  setDefault: 'POST /shop-addresses/:id/default',
});
