import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { sqlExecutorOf } from './executor.ts';

/** pg-boss keeps its tables in this schema of the console's database. */
export const JOB_SCHEMA = 'pgboss';

/**
 * One kind of background work: its queue, how often a failure is tried again, and what runs it.
 * A module defines its own and registers them through its `index.ts`.
 */
export interface JobDefinition<Data extends object> {
  /** The queue: letters, digits, dots and dashes (`videos.process`). */
  name: string;
  /** Tries after the first, each later than the one before (backoff from `retryDelaySeconds`). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A try that runs longer fails (and is tried again). */
  expireInSeconds: number;
  /**
   * `stately`: one job waiting and one running per `singletonKey` at most, so sending the same
   * work twice (a repeated request) queues it once.
   */
  policy?: 'standard' | 'stately';
  /** A cron line: the queue gets one job per match, whatever the number of instances. */
  cron?: string;
  run(data: Data, job: { id: string; retryCount: number }): Promise<object | undefined>;
}

/** Where the queue reports a failed job or a lost connection (the app's logger, or silence). */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueOptions {
  log: JobLog;
  /** Whether this process runs jobs (and cron) or only sends them. */
  work: boolean;
  /** How often an idle worker asks for work; a job sent by this process wakes its worker at once. */
  pollingIntervalSeconds?: number;
}

/** How long a send waits for a queue still starting (its database just came up) before 50300. */
const SEND_WAITS_FOR_START_MS = 10_000;

/** "Cannot connect now" (SQLSTATE 57P03): the error handler answers it 50300, as a database outage. */
class JobQueueNotStarted extends Error {
  readonly code = '57P03';
  constructor() {
    super('the job queue is not started yet: its database is not reachable');
  }
}

/**
 * The console's background work, on PostgreSQL (PGlite or a server) through pg-boss: every
 * instance sends and works on the same tables, a job is taken by one worker (`SKIP LOCKED`), a
 * failure is tried again with backoff, and a job's state stays visible (`npm run admin -- jobs`).
 *
 * It starts in the background: a server whose database is down at start still starts and answers
 * 50300 (outage.test.ts), and its queue starts once the database is back.
 */
export class JobQueue {
  private boss: PgBoss | undefined;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private readonly applied = new Set<string>();
  private readonly workers = new Map<string, string>();
  private readonly starting: Promise<void>;
  private stopping = false;
  private wakeRetry: (() => void) | undefined;
  /** Statements and job runs under way: the stop waits for them before the connection closes. */
  private readonly underWay = new Set<Promise<unknown>>();

  private constructor(
    private readonly db: Database,
    private readonly options: JobQueueOptions,
  ) {
    this.starting = this.start();
  }

  /** Opens the queue; it starts (creating pg-boss's tables when missing) in the background. */
  static open(db: Database, options: JobQueueOptions): JobQueue {
    return new JobQueue(db, options);
  }

  /** Resolves once the queue has started (never, while its database stays unreachable). */
  whenStarted(): Promise<void> {
    return this.starting;
  }

  private async start(): Promise<void> {
    for (let attempt = 0; !this.stopping; attempt++) {
      // A pg-boss whose start failed stays "starting": each try takes a new one.
      const boss = new PgBoss({
        db: sqlExecutorOf(this.db, (statement) => this.tracked(statement)),
        schema: JOB_SCHEMA,
        // Maintenance (expiry, archiving) and cron belong to working instances only.
        supervise: this.options.work,
        schedule: this.options.work,
        migrate: true,
      });
      boss.on('error', (error) => this.options.log.error({ err: error }, 'job queue'));
      try {
        await boss.start();
      } catch (error) {
        this.options.log.warn({ err: error, attempt }, 'job queue could not start; trying again');
        await boss.stop({ graceful: false, close: false }).catch(() => {});
        await new Promise<void>((resolve) => {
          this.wakeRetry = resolve;
          setTimeout(resolve, Math.min(30_000, 1_000 * 2 ** attempt)).unref();
        });
        continue;
      }
      this.boss = boss;
      for (const definition of this.definitions.values()) await this.apply(definition);
      return;
    }
  }

  /** Creates (or updates) the queue of `definition`, and works on it when this process works. */
  async define<Data extends object>(definition: JobDefinition<Data>): Promise<void> {
    this.definitions.set(definition.name, definition as unknown as JobDefinition<never>);
    if (this.boss) await this.apply(definition);
  }

  private async apply<Data extends object>(definition: JobDefinition<Data>): Promise<void> {
    const boss = this.boss;
    if (!boss || this.applied.has(definition.name)) return;
    this.applied.add(definition.name);
    const queue = {
      name: definition.name,
      policy: definition.policy ?? 'standard',
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds,
    } as const;
    await boss.createQueue(definition.name, queue);
    await boss.updateQueue(definition.name, queue);
    if (!this.options.work || this.stopping) return;
    const log = this.options.log;
    const workerId = await boss.work<Data>(
      definition.name,
      { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, includeMetadata: true },
      async ([job]) => {
        if (!job) return undefined;
        // A fetch under way when the stop began still hands its job over: fail it, so another
        // worker (or this one after a restart) takes it, rather than starting work now.
        if (this.stopping) throw new Error('the job queue is stopping');
        const run = definition.run(job.data, { id: job.id, retryCount: job.retryCount });
        try {
          return (await this.tracked(run)) ?? undefined;
        } catch (error) {
          log.warn({ err: error, job: job.id, queue: definition.name }, 'job failed');
          throw error;
        }
      },
    );
    this.workers.set(definition.name, workerId);
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
  }

  /**
   * Queues a job; answers its id, or null when a `stately` queue already holds one waiting for
   * the same `singletonKey`. A worker of this process starts on it at once. While the queue has
   * not started (its database unreachable) this waits a little, then fails as an outage does.
   */
  async send(name: string, data: object, options: { singletonKey?: string } = {}): Promise<string | null> {
    const boss = this.boss ?? (await this.startedWithin(SEND_WAITS_FOR_START_MS));
    const id = await boss.send(name, data, options);
    const worker = this.workers.get(name);
    if (id && worker) boss.notifyWorker(worker);
    return id;
  }

  /** Queues a failed job again with one more try (pg-boss's `retry`). */
  async retry(name: string, id: string): Promise<void> {
    const boss = this.boss ?? (await this.startedWithin(SEND_WAITS_FOR_START_MS));
    await boss.retry(name, id);
  }

  private async startedWithin(ms: number): Promise<PgBoss> {
    this.wakeRetry?.();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.starting,
      new Promise((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
    if (!this.boss) throw new JobQueueNotStarted();
    return this.boss;
  }

  /**
   * Stops taking jobs and waits up to `timeoutMs` for the running ones; a job cut off is failed
   * and tried again by another worker (or this one after a restart).
   */
  async stop(timeoutMs = 30_000): Promise<void> {
    this.stopping = true;
    this.wakeRetry?.();
    await this.starting;
    const deadline = Date.now() + timeoutMs;
    await this.boss?.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    await this.settled(deadline);
  }

  private tracked<T>(work: Promise<T>): Promise<T> {
    this.underWay.add(work);
    const forget = () => this.underWay.delete(work);
    work.then(forget, forget);
    return work;
  }

  /**
   * pg-boss's stop returns once no job is in hand, but the statement completing or failing the
   * last one is not awaited by pg-boss and may still be running, and a fetch under way may still
   * hand a job over: wait until nothing is under way for a whole turn of the event loop.
   */
  private async settled(deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      if (this.underWay.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...this.underWay]),
          new Promise((resolve) => {
            timer = setTimeout(resolve, deadline - Date.now());
          }),
        ]);
        clearTimeout(timer);
        continue;
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (this.underWay.size === 0) return;
    }
  }
}
