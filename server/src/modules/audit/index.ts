/** The audit area's front door: what other areas and the app use of it. */
export { recordAuditEvent, recordDeletion } from './record.ts';
export { requestContextPlugin } from './request-context.ts';
export { auditRoutes } from './routes.ts';
