/** The crowd-packs area's front door: what other areas and the app use of it. */
export { sourcesOf } from './combine.ts';
export { materialise } from './compute.ts';
export { crowdPacksRoutes } from './routes.ts';
export { crowdPackRefreshJob } from './scheduler.ts';
