import { endpointsOf } from '../endpoint.ts';
import type { impressionsSchemas } from '../impressions.ts';

/** The impressions calls: method and path, typed with `impressionsSchemas` (no zod at run time). */
export const impressionsApi = endpointsOf<typeof impressionsSchemas>()({
  overview: 'GET /impressions',
  create: 'POST /impressions',
  rename: 'PUT /impressions/:id',
  remove: 'DELETE /impressions/:id',
  fans: 'GET /impressions/:id/fans',
  ofFan: 'GET /fans/:id/impressions',
  addToFan: 'POST /fans/:id/impressions',
  removeFromFan: 'DELETE /fans/:id/impressions/:itemId',
});
