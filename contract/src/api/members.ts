import type { membersSchemas } from '../account.ts';
import { endpointsOf } from '../endpoint.ts';

/** The members calls: method and path, typed with `membersSchemas` (no zod at run time). */
export const membersApi = endpointsOf<typeof membersSchemas>()({
  list: 'GET /members',
  unbind: 'POST /yiDesigner/unbindMember',
});
