/** The recruitment area's front door: what other areas and the app use of it. */
export { recruitmentRoutes } from './routes.ts';
