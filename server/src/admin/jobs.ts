import { JobQueue, listJobs, retryJob } from '../jobs/index.ts';
import { type AdminCommand, AdminFailure, AdminUsageError, table } from './registry.ts';

const STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const silent = { warn() {}, error() {} };

export const jobCommands: AdminCommand[] = [
  {
    words: ['jobs', 'list'],
    args: '[state]',
    summary: `the latest 50 background jobs (state: ${STATES.join(', ')})`,
    maxArgs: 1,
    async run(ctx, [state]) {
      if (state !== undefined && !STATES.includes(state))
        throw new AdminUsageError(`state: one of ${STATES.join(', ')}`);
      // Opening the queue creates its tables on a database no server has started on yet.
      const queue = JobQueue.open(ctx.db, { log: silent, work: false });
      await queue.whenStarted();
      try {
        const jobs = await listJobs(ctx.db, { state, limit: 50 });
        for (const line of table(
          ['id', 'queue', 'state', 'tries', 'created', 'ended', 'outcome'],
          jobs.map((job) => [
            job.id,
            job.queue,
            job.state,
            `${job.retries + (job.state === 'created' ? 0 : 1)}/${job.retryLimit + 1}`,
            job.createdAt.toISOString(),
            job.endedAt?.toISOString() ?? '',
            job.outcome,
          ]),
        )) {
          ctx.print(line);
        }
        ctx.print(`${jobs.length} job(s)`);
      } finally {
        await queue.stop();
      }
    },
  },
  {
    words: ['jobs', 'retry'],
    args: '<id>',
    summary: 'queue a failed job again, with one more try',
    minArgs: 1,
    async run(ctx, [id]) {
      if (!UUID.test(id!)) throw new AdminUsageError('id: a job id as `jobs list` shows it');
      const queue = JobQueue.open(ctx.db, { log: silent, work: false });
      await queue.whenStarted();
      try {
        const job = await retryJob(queue, ctx.db, id!);
        if (!job) throw new AdminFailure(`no job ${id}`);
        if (job.state !== 'failed')
          throw new AdminFailure(`job ${id} is ${job.state}: only a failed job is retried`);
        ctx.print(`job ${id} (${job.queue}) queued again`);
      } finally {
        await queue.stop();
      }
    },
  },
];
