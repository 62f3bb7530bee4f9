/** The members area's front door: what other areas and the app use of it. */
export { membersRoutes } from './routes.ts';
