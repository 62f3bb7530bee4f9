/** The operator area's front door: what other areas and the app use of it. */
export { operatorRoutes } from './routes.ts';
