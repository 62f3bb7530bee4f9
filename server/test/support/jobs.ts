import type { Database } from '../../src/db/client.ts';
import { type JobSummary, listJobs } from '../../src/jobs/index.ts';

/** Waits until the job reaches one of `states` (by default: finished); answers its summary. */
export async function settledJob(
  db: Database,
  id: string,
  states: string[] = ['completed', 'failed'],
): Promise<JobSummary> {
  for (let i = 0; i < 300; i++) {
    const [job] = (await listJobs(db, { limit: 500 })).filter((j) => j.id === id);
    if (job && states.includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not reach ${states.join('/')}`);
}
