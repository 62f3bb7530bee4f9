/** The menu area's front door: what other areas and the app use of it. */
export { menuRoutes } from './routes.ts';
