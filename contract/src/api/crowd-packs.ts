import type { crowdPacksSchemas } from '../crowd-packs.ts';
import { endpointsOf } from '../endpoint.ts';

/** The crowd-packs calls: method and path, typed with `crowdPacksSchemas` (no zod at run time). */
export const crowdPacksApi = endpointsOf<typeof crowdPacksSchemas>()({
  list: 'GET /crowd-packs',
  create: 'POST /crowd-packs',
  count: 'POST /crowd-packs/count',
  overlap: 'POST /crowd-packs/overlap',
  detail: 'GET /crowd-packs/:id',
  update: 'PUT /crowd-packs/:id',
  remove: 'DELETE /crowd-packs/:id',
  copy: 'POST /crowd-packs/:id/copy',
  refresh: 'POST /crowd-packs/:id/refresh',
  members: 'GET /crowd-packs/:id/members',
  exportCsv: 'GET /crowd-packs/:id/members/export.csv',
  trace: 'GET /crowd-packs/:id/trace',
  tagMembers: 'POST /crowd-packs/:id/tag-members',
});
