/** The profile area's front door: what other areas and the app use of it. */
export { profileRoutes } from './routes.ts';
