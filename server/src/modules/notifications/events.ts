import { EventEmitter } from 'node:events';
import type { NotificationItem } from '@dc/contract';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/** The PostgreSQL channel every instance LISTENs on. */
export const NOTIFICATION_CHANNEL = 'notifications';

/**
 * What travels on the channel: a designer's notifications changed, and, for a new one, the
 * notification itself (a wire item, well under NOTIFY's 8000-byte payload limit).
 */
export interface NotificationSignal {
  designerId: number;
  notification?: NotificationItem;
}

/**
 * Announces a change through the database, inside the caller's transaction when there is one:
 * listeners hear it only once it commits, and every instance's hub hears it, this one included.
 */
export async function publishSignal(
  db: Pick<Database, 'execute'>,
  signal: NotificationSignal,
): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(signal)})`);
}

export type HubListener = (signal: NotificationSignal | { designerId: number; resync: true }) => void;

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * One per app: LISTENs on the channel (lazily, when the first stream opens) and fans each
 * signal out in process to the streams of its designer. No state another instance needs:
 * each instance listens for itself, and a lost signal costs a stale badge, not data.
 * PGlite (one process) listens on its own connection; PostgreSQL on a dedicated client that
 * reconnects with back-off and, once back, asks the streams to resync their unread count.
 */
export class NotificationHub {
  private readonly emitter = new EventEmitter();
  private listening: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelay = RECONNECT_MIN_MS;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  /** Calls `listener` for every signal of `designerId` until the answered function is called. */
  subscribe(designerId: number, listener: HubListener): () => void {
    const event = String(designerId);
    this.emitter.on(event, listener);
    return () => {
      this.emitter.off(event, listener);
    };
  }

  /** Resolves once this instance is listening; rejects (and retries next time) if it cannot. */
  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('notification hub closed'));
    this.listening ??= this.listen().catch((error) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.emitter.removeAllListeners();
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.().catch(() => {});
  }

  private deliver(payload: string | undefined) {
    let signal: NotificationSignal;
    try {
      signal = JSON.parse(payload ?? '') as NotificationSignal;
    } catch {
      this.log.warn({ payload }, 'malformed notification signal ignored');
      return;
    }
    if (!Number.isInteger(signal?.designerId)) return;
    this.emitter.emit(String(signal.designerId), signal);
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client instanceof PGlite) {
      const unlisten = await client.listen(NOTIFICATION_CHANNEL, (payload) => this.deliver(payload));
      this.stopListening = async () => {
        if (!client.closed) await unlisten();
      };
      return;
    }
    if (client instanceof pg.Pool) return this.listenPostgres(client);
    throw new Error('notification hub: unsupported database client');
  }

  private async listenPostgres(pool: pg.Pool): Promise<void> {
    const listener = new pg.Client(pool.options);
    let ended = false;
    const lost = (error?: Error) => {
      if (ended) return;
      ended = true;
      listener.removeAllListeners();
      listener.on('error', () => {});
      void listener.end().catch(() => {});
      if (this.closed) return;
      this.log.warn({ err: error }, 'notification listener lost; reconnecting');
      this.scheduleReconnect(pool);
    };
    listener.on('error', lost);
    listener.on('end', () => lost());
    listener.on('notification', (message) => {
      if (message.channel === NOTIFICATION_CHANNEL) this.deliver(message.payload);
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    } catch (error) {
      ended = true;
      listener.removeAllListeners();
      listener.on('error', () => {});
      await listener.end().catch(() => {});
      throw error;
    }
    this.reconnectDelay = RECONNECT_MIN_MS;
    this.stopListening = async () => {
      ended = true;
      await listener.end();
    };
  }

  private scheduleReconnect(pool: pg.Pool) {
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null;
      if (this.closed) return;
      try {
        await this.listenPostgres(pool);
        // Signals sent while deaf are lost: every open stream refreshes its unread count.
        for (const event of this.emitter.eventNames()) {
          this.emitter.emit(event, { designerId: Number(event), resync: true });
        }
      } catch (error) {
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
        this.log.warn({ err: error }, 'notification listener reconnect failed');
        this.scheduleReconnect(pool);
      }
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }
}
