export { type JobSummary, listJobs, retryJob } from './admin.ts';
export { JOB_SCHEMA, type JobDefinition, type JobLog, JobQueue, type JobQueueOptions } from './queue.ts';
