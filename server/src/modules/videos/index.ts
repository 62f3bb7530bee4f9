/** The videos area's front door: what other areas and the app use of it. */

export { stuckVideosJob, videoProcessingJob } from './processing.ts';
export { videosRoutes } from './routes.ts';
