import type { auditSchemas } from '../audit.ts';
import { endpointsOf } from '../endpoint.ts';

/** The audit calls: method and path, typed with `auditSchemas` (no zod at run time). */
export const auditApi = endpointsOf<typeof auditSchemas>()({
  list: 'GET /audit-events',
});
