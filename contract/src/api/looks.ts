import { endpointsOf } from '../endpoint.ts';
import type { looksSchemas } from '../looks.ts';

/** The 3D recommendation calls: method and path, typed with `looksSchemas` (no zod at run time). */
export const looksApi = endpointsOf<typeof looksSchemas>()({
  listBackgrounds: 'GET /look-backgrounds',
  createBackground: 'POST /look-backgrounds',
  updateBackground: 'PUT /look-backgrounds/:id',
  removeBackground: 'DELETE /look-backgrounds/:id',
  listModels: 'GET /look-models',
  createModelUpload: 'POST /look-models/create-upload',
  refreshModelUpload: 'POST /look-models/refresh-upload',
  finishModelUpload: 'POST /look-models/:id/upload-finished',
  updateModel: 'PUT /look-models/:id',
  removeModel: 'DELETE /look-models/:id',
  list: 'GET /looks',
  create: 'POST /looks',
  detail: 'GET /looks/:id',
  update: 'PUT /looks/:id',
  setOnline: 'POST /looks/:id/online',
  setSortOrder: 'POST /looks/:id/sort-order',
  remove: 'DELETE /looks/:id',
  stats: 'GET /looks/:id/stats',
  publicDetail: 'GET /public/looks/:id',
  publicEvent: 'POST /public/looks/:id/events',
  asset: 'GET /look-assets/:file',
});
