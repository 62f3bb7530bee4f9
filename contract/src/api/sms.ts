import type { smsSchemas } from '../account.ts';
import { endpointsOf } from '../endpoint.ts';

/** The sms calls: method and path, typed with `smsSchemas` (no zod at run time). */
export const smsApi = endpointsOf<typeof smsSchemas>()({
  sendCode: 'POST /sendCode',
  outbox: 'GET /dev/outbox',
});
