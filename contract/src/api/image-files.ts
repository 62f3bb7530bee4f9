import { endpointsOf } from '../endpoint.ts';
import type { imageFilesSchemas } from '../image-files.ts';

/** The stored images' call: method and path, typed with `imageFilesSchemas` (no zod at run time). */
export const imageFilesApi = endpointsOf<typeof imageFilesSchemas>()({
  show: 'GET /image-files/*',
});
