import { endpointsOf } from '../endpoint.ts';
import type { recruitmentSchemas } from '../recruitment.ts';

/** The recruitment calls: method and path, typed with `recruitmentSchemas` (no zod at run time). */
export const recruitmentApi = endpointsOf<typeof recruitmentSchemas>()({
  settings: 'GET /recruitment',
  save: 'PUT /recruitment',
  publicPage: 'GET /public/recruitment/:slug',
  visit: 'POST /public/recruitment/:slug/visits',
  follow: 'POST /public/recruitment/:slug/follow',
});
