/** The boutique area's front door: what other areas and the app use of it. */
export { platformFeeOf } from './orders.ts';
export { boutiqueRoutes } from './routes.ts';
