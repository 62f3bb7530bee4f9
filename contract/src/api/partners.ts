import { endpointsOf } from '../endpoint.ts';
import type { partnersSchemas } from '../partners.ts';

/** The partners calls: method and path, typed with `partnersSchemas` (no zod at run time). */
export const partnersApi = endpointsOf<typeof partnersSchemas>()({
  list: 'GET /partners',
  dividends: 'GET /partners/:id/dividends',
  dynamics: 'GET /partner-dynamics',
});
