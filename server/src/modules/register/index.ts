/** The register area's front door: what other areas and the app use of it. */
export { registerRoutes } from './routes.ts';
export { createAccount } from './service.ts';
