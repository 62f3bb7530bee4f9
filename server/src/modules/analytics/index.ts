/** The analytics area's front door: what other areas and the app use of it. */
export { analyticsRoutes } from './routes.ts';
