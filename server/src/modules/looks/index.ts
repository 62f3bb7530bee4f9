/** The looks area's front door: what other areas and the app use of it. */
export { looksRoutes } from './routes.ts';
export { upsertShipped } from './shipped.ts';
export { businessDay } from './stats.ts';
