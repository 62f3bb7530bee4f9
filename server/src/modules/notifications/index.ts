/** The notifications area's front door: what other areas and the app use of it. */
export { notificationsRoutes } from './routes.ts';
export { createNotification } from './service.ts';
