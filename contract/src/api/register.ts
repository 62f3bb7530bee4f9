import type { registerSchemas } from '../account.ts';
import { endpointsOf } from '../endpoint.ts';

/** The register calls: method and path, typed with `registerSchemas` (no zod at run time). */
export const registerApi = endpointsOf<typeof registerSchemas>()({
  register: 'POST /register',
});
