import { endpointsOf } from '../endpoint.ts';
import type { fansSchemas } from '../fans.ts';

/** The fans calls: method and path, typed with `fansSchemas` (no zod at run time). */
export const fansApi = endpointsOf<typeof fansSchemas>()({
  list: 'GET /fans',
  batchTag: 'POST /fans/batch-tag',
  detail: 'GET /fans/:id',
  orders: 'GET /fans/:id/orders',
  saveMeasurements: 'PUT /fans/:id/measurements',
  setTags: 'PUT /fans/:id/tags',
  addWardrobeItem: 'POST /fans/:id/wardrobe',
  removeWardrobeItem: 'DELETE /fans/:id/wardrobe/:itemId',
  addImage: 'POST /fans/:id/images',
  removeImage: 'DELETE /fans/:id/images/:itemId',
});
