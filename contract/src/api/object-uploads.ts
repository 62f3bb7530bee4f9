import { endpointsOf } from '../endpoint.ts';
import type { objectUploadsSchemas } from '../object-uploads.ts';

/** The presigned-upload calls (contract/src/object-uploads.ts): method and path, no zod at run time. */
export const objectUploadsApi = endpointsOf<typeof objectUploadsSchemas>()({
  initiate: 'POST /object-uploads/initiate',
  part: 'POST /object-uploads/part',
  listParts: 'POST /object-uploads/list',
  complete: 'POST /object-uploads/complete',
  abort: 'POST /object-uploads/abort',
});
