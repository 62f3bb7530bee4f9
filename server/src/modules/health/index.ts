/** The health area's front door: what other areas and the app use of it. */
export { healthRoutes } from './routes.ts';
