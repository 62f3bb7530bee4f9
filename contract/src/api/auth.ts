import type { authSchemas } from '../account.ts';
import { endpointsOf } from '../endpoint.ts';

/** The sign-in calls: method and path, typed with `authSchemas` (no zod at run time). */
export const authApi = endpointsOf<typeof authSchemas>()({
  login: 'POST /login',
  logout: 'POST /logout',
  resetPassword: 'POST /password/reset',
});
