import { endpointsOf } from '../endpoint.ts';
import type { exclusiveSchemas } from '../exclusive.ts';

/** The exclusive-designer calls: method and path, typed with `exclusiveSchemas` (no zod at run time). */
export const exclusiveApi = endpointsOf<typeof exclusiveSchemas>()({
  applicationInfo: 'GET /getApplysubInfo',
  banks: 'GET /getBanks',
  bankCities: 'GET /getBankCitys',
  applicationDetail: 'GET /yiDesigner/applysubDetail',
  applications: 'GET /exclusive-applications',
  apply: 'POST /exclusive-applications',
  providers: 'GET /providers',
  collectProvider: 'POST /providers/:id/collect',
  uncollectProvider: 'DELETE /providers/:id/collect',
});
