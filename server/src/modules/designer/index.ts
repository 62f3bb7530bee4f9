/** The designer area's front door: what other areas and the app use of it. */
export { designerRoutes } from './routes.ts';
export { completeDesignerInformation } from './service.ts';
