/** The object-uploads area's front door: presigned part URLs for S3 without STS (issue 19). */

export { objectUploadsRoutes } from './routes.ts';
export { OPEN_UPLOADS_PER_KEY } from './service.ts';
