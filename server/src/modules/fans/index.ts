/** The fans area's front door: what other areas and the app use of it. */
export { planOf } from './count.ts';
export { recountFanFigures } from './figures.ts';
export { fansRoutes } from './routes.ts';
export { findFan, tagsOfFans, toFanRow } from './rows.ts';
export { setFanTags } from './service.ts';
export { MEASUREMENT_FACTORS, storedMeasure } from './units.ts';
