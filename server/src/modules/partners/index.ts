/** The partners area's front door: what other areas and the app use of it. */
export { partnersRoutes } from './routes.ts';
