import type { scanSchemas } from '../account.ts';
import { endpointsOf } from '../endpoint.ts';

/** The scan calls: method and path, typed with `scanSchemas` (no zod at run time). */
export const scanApi = endpointsOf<typeof scanSchemas>()({
  createTicket: 'POST /scan-tickets',
  poll: 'GET /codePcRegister',
  register: 'POST /codePcRegister',
  callback: 'GET /callback',
  confirmPage: 'GET /scan/confirm',
  confirm: 'POST /scan/confirm',
  bindWechat: 'POST /yiDesigner/bindWechat',
  unbindWechat: 'POST /yiDesigner/unbindWechat',
});
