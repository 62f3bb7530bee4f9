/** The exclusive area's front door: what other areas and the app use of it. */

export { listAllApplications, reviewApplication } from './review.ts';
export { exclusiveRoutes } from './routes.ts';
