/** The videos area's front door: what other areas and the app use of it. */
export { videosRoutes } from './routes.ts';
