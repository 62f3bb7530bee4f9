/** The tags area's front door: what other areas and the app use of it. */
export { addTagsWithinLimitCtes } from './add-within-limit.ts';
export { lockDesignerTags } from './lock.ts';
export { tagsRoutes } from './routes.ts';
export { requireOwnTags } from './service.ts';
