import { endpointsOf } from '../endpoint.ts';
import type { healthSchemas } from '../health.ts';

/** The health calls: method and path, typed with `healthSchemas` (no zod at run time). */
export const healthApi = endpointsOf<typeof healthSchemas>()({
  check: 'GET /health',
});
