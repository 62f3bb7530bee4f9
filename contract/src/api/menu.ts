import { endpointsOf } from '../endpoint.ts';
import type { menuSchemas } from '../menu.ts';

/** The menu calls: method and path, typed with `menuSchemas` (no zod at run time). */
export const menuApi = endpointsOf<typeof menuSchemas>()({
  tree: 'GET /menu',
});
