import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { isDatabaseUnavailable } from '../src/plugins/error-handler.ts';
import { openTestDatabase, testDatabaseKind } from './support/test-app.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Issue 11 item 5 "stop PostgreSQL during load … no process crash": found by
 * `npm run reliability -- postgres-outage`. A pooled client checked out inside a transaction,
 * idle between two statements when its server goes away (`pg_ctlcluster stop`, a failover, a
 * terminated backend), emits 'error'; with no listener that ended the whole process.
 */
describe.runIf(testDatabaseKind() === 'postgres')(
  'a checked-out PostgreSQL connection lost mid-transaction',
  () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openTestDatabase();
    });
    afterAll(() => handle?.close());

    it('does not crash the process: the next statement fails as "database unavailable" (50300) and the pool recovers', async () => {
      const failure = await handle.db
        .transaction(async (tx) => {
          const { pid } = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!;
          // Another pooled connection ends this one while the transaction waits between statements.
          await handle.db.execute(sql`select pg_terminate_backend(${pid})`);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toBeDefined();
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // The broken client was discarded, not handed out again.
      for (let i = 0; i < 6; i++) {
        expect(rowsOf<{ one: number }>(await handle.db.execute(sql`select 1 as one`))[0]).toEqual({ one: 1 });
      }
    });
  },
);
