/** The exclusive area's front door: what other areas and the app use of it. */
export { exclusiveRoutes } from './routes.ts';
export { listAllApplications, reviewApplication } from './service.ts';
