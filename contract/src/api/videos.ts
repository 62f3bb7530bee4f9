import { endpointsOf } from '../endpoint.ts';
import type { videosSchemas } from '../videos.ts';

/** The videos and VOD upload calls: method and path, typed with `videosSchemas` (no zod at run time). */
export const videosApi = endpointsOf<typeof videosSchemas>()({
  createUpload: 'POST /vod/create-upload',
  refreshUpload: 'POST /vod/refresh-upload',
  finishVideoUpload: 'POST /videos/:id/upload-finished',
  finishImageUpload: 'POST /images/:id/upload-finished',
  list: 'GET /videos',
  detail: 'GET /videos/:id',
  update: 'PUT /videos/:id',
  coverFrame: 'POST /videos/:id/cover-frame',
  offline: 'POST /videos/:id/offline',
  publish: 'POST /videos/:id/publish',
  remove: 'DELETE /videos/:id',
});
