/** The addresses area's front door: what other areas and the app use of it. */
export { addressesRoutes } from './routes.ts';
