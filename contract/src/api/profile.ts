import { endpointsOf } from '../endpoint.ts';
import type { profileSchemas } from '../profile.ts';

/** The profile calls: method and path, typed with `profileSchemas` (no zod at run time). */
export const profileApi = endpointsOf<typeof profileSchemas>()({
  detail: 'GET /designer-profile',
  save: 'PUT /designer-profile',
});
