/** The courses area's front door: what other areas and the app use of it. */
export { coursesRoutes } from './routes.ts';
