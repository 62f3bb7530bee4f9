/** The impressions area's front door: what other areas and the app use of it. */
export { impressionsRoutes } from './routes.ts';
export { categoryImpressionWords } from './suggest.ts';
