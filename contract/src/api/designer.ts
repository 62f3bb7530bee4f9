import type { designerSchemas } from '../account.ts';
import { endpointsOf } from '../endpoint.ts';

/** The designer calls: method and path, typed with `designerSchemas` (no zod at run time). */
export const designerApi = endpointsOf<typeof designerSchemas>()({
  info: 'GET /yiDesigner/modifyInfo',
  modifyInfo: 'POST /yiDesigner/modifyInfo',
  selfInfo: 'GET /account',
  modifyDesc: 'POST /yiDesigner/modifyDesc',
  modifyPhone: 'POST /yiDesigner/modifyPhone',
  modifyPassword: 'POST /yiDesigner/modifyPassword',
});
