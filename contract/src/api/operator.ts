import { endpointsOf } from '../endpoint.ts';
import type { operatorSchemas } from '../operator.ts';

/** The operator calls: method and path, typed with `operatorSchemas` (no zod at run time). */
export const operatorApi = endpointsOf<typeof operatorSchemas>()({
  run: 'POST /dev/operator',
});
