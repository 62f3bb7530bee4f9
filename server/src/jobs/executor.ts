import type { Database } from '../db/client.ts';

/** What pg-boss sends its SQL through (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface PgliteClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<Array<{ rows: unknown[] }>>;
}

interface PoolClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's SQL on the console's own connection: the PGlite instance of the process or the
 * PostgreSQL pool, so the queue needs no second connection setting and runs on both. pg-boss
 * sends its schema and maintenance as several statements in one text without parameters; PGlite
 * runs those with `exec` (its `query` takes one statement), the pool with a simple query.
 *
 * `track` sees every statement: pg-boss completes or fails a job without awaiting it, so the
 * queue's stop waits for those before the connection may close.
 */
export function sqlExecutorOf(db: Database, track: <T>(statement: Promise<T>) => Promise<T>): SqlExecutor {
  const client = (db as unknown as { $client: PgliteClient | PoolClient }).$client;
  if ('exec' in client) {
    return {
      executeSql: (text, values) =>
        track(
          values && values.length > 0
            ? client.query(text, values)
            : client.exec(text).then((results) => results.at(-1) ?? { rows: [] }),
        ),
    };
  }
  return { executeSql: (text, values) => track(client.query(text, values)) };
}
