import type { contractsSchemas } from '../contracts.ts';
import { endpointsOf } from '../endpoint.ts';

/** The contracts calls: method and path, typed with `contractsSchemas` (no zod at run time). */
export const contractsApi = endpointsOf<typeof contractsSchemas>()({
  list: 'GET /contracts',
  create: 'POST /contracts',
  detail: 'GET /contracts/:id',
});
