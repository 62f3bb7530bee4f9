/** The scan area's front door: what other areas and the app use of it. */
export { scanRoutes } from './routes.ts';
export { wechatBindingOf } from './service.ts';
