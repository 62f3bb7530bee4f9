import { endpointsOf } from '../endpoint.ts';
import type { tagsSchemas } from '../tags.ts';

/** The tags calls: method and path, typed with `tagsSchemas` (no zod at run time). */
export const tagsApi = endpointsOf<typeof tagsSchemas>()({
  overview: 'GET /tags',
  create: 'POST /tags',
  update: 'PUT /tags/:id',
  usage: 'GET /tags/:id/usage',
  merge: 'POST /tags/:id/merge',
  remove: 'DELETE /tags/:id',
  createClassification: 'POST /tag-classifications',
  renameClassification: 'PUT /tag-classifications/:id',
  removeClassification: 'DELETE /tag-classifications/:id',
});
