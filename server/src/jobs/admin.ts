import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { JOB_SCHEMA, type JobQueue } from './queue.ts';

/** One job as the operator sees it. */
export interface JobSummary {
  id: string;
  queue: string;
  state: string;
  /** Tries made after the first, and how many are allowed. */
  retries: number;
  retryLimit: number;
  createdAt: Date;
  /** When it finished (completed, failed or cancelled), else null. */
  endedAt: Date | null;
  /** The failure's message, or what the job answered, shortened. */
  outcome: string;
}

const jobTable = sql.raw(`${JOB_SCHEMA}.job`);

/** The latest `limit` jobs, newest first, of one state or all. */
export async function listJobs(
  db: Database,
  options: { state?: string; limit: number },
): Promise<JobSummary[]> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    state: string;
    retry_count: number;
    retry_limit: number;
    created_on: string | Date;
    completed_on: string | Date | null;
    output: unknown;
  }>(
    db,
    sql`select id, name, state, retry_count, retry_limit, created_on, completed_on, output
        from ${jobTable}
        where name not like '\\_\\_%' ${options.state ? sql`and state = ${options.state}::${sql.raw(JOB_SCHEMA)}.job_state` : sql``}
        order by created_on desc, id limit ${options.limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    queue: row.name,
    state: row.state,
    retries: row.retry_count,
    retryLimit: row.retry_limit,
    createdAt: new Date(row.created_on),
    endedAt: row.completed_on ? new Date(row.completed_on) : null,
    outcome: outcomeText(row.output),
  }));
}

/** pg-boss keeps a failure as `{ message, stack }` and a success as what the job answered. */
function outcomeText(output: unknown): string {
  if (output === null || output === undefined) return '';
  const text =
    typeof output === 'object' && output !== null && 'message' in output
      ? String((output as { message: unknown }).message)
      : JSON.stringify(output);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * Queues a failed job again with one more try (pg-boss's `retry`). Answers the job's queue and
 * state before, or undefined when no job has that id; only a failed job changes.
 */
export async function retryJob(
  queue: JobQueue,
  db: Database,
  id: string,
): Promise<{ queue: string; state: string } | undefined> {
  const [job] = await rowsOf<{ name: string; state: string }>(
    db,
    sql`select name, state from ${jobTable} where id = ${id}::uuid`,
  );
  if (!job) return undefined;
  if (job.state === 'failed') await queue.retry(job.name, id);
  return { queue: job.name, state: job.state };
}
