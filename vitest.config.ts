import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit and API tests. Server API tests run against the embedded PGlite and, when
 * TEST_DATABASE_URL is set, once more against that PostgreSQL server.
 */
/**
 * What the PostgreSQL run repeats: the tests whose answer the database decides. Limits, budgets and
 * tenancy (security/), figures recounted from rows (invariants/, and the fans, tags, packs, vault
 * and analytics areas, whose queries aggregate), concurrency (two requests at once, which PGlite
 * serialises and PostgreSQL does not), LISTEN/NOTIFY, connection loss, migrations, and the whole
 * demo seed. The rest (one area's reads and writes through the API, HTTP, input validation, media,
 * the object store, processes, the embedded database's backup) runs on PGlite only: its SQL is
 * the same on both, and the demo seed and the suites above run it on PostgreSQL 15 (issue 18: CI
 * under 30 minutes; repeating those 75 files cost about 350 s of a worker).
 */
const POSTGRES_TOO = [
  'server/test/security/**/*.test.ts',
  'server/test/invariants/**/*.test.ts',
  'server/test/fans/**/*.test.ts',
  'server/test/tags/**/*.test.ts',
  'server/test/crowd-packs/**/*.test.ts',
  'server/test/vault/**/*.test.ts',
  'server/test/analytics/**/*.test.ts',
  'server/test/db/**/*.test.ts',
  'server/test/jobs/**/*.test.ts',
  'server/test/db-connection-loss.test.ts',
  'server/test/db-migrate-concurrent.test.ts',
  'server/test/outage.test.ts',
  'server/test/seed.test.ts',
  'server/test/notifications.test.ts',
  'server/test/accounts/rate-limit.test.ts',
  'server/test/accounts/scan.test.ts',
  'server/test/addresses/addresses.test.ts',
  'server/test/exclusive/exclusive.test.ts',
];

/** Of those, what happens before or beside the database (HTTP, decoding, signatures, the log). */
const NOT_ON_POSTGRES = [
  'server/test/security/content/picture-decode-memory.test.ts',
  'server/test/security/cross-site/host-header.test.ts',
  'server/test/security/authentication/loopback-host.test.ts',
  'server/test/security/input/request-log.test.ts',
  'server/test/security/input/rich-text.test.ts',
  'server/test/security/oss-signature.fuzz.test.ts',
  'server/test/security/oss-token-canonical.test.ts',
];

const serverProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${kind}`,
    include: kind === 'postgres' ? POSTGRES_TOO : ['server/test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(kind === 'postgres' ? NOT_ON_POSTGRES : [])],
    environment: 'node' as const,
    globalSetup: ['server/test/support/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    // A file's setup may wait for another worker to seed the shared demo snapshot.
    hookTimeout: 180_000,
    // Files of a worker share its module graph instead of importing the server afresh each:
    // imports fell from about 300 s to 20 s of the PGlite run (issue 18: CI under 30 minutes).
    // Each file opens its own app and database, and test support keeps no state between apps.
    isolate: false,
  },
});

const BUNDLE_BUDGET_TEST = 'web/test/build/bundle-budget.test.ts';

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) is one worker on a 2-core machine. A server test spends much
    // of its time waiting on PostgreSQL, another process, so two workers there ran the whole
    // suite in 338 s on the idle machine; one worker took 729 s in the last CI run, on a shared
    // machine (issue 11: CI under 20 minutes).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', include: ['contract/test/**/*.test.ts'], environment: 'node' } },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        test: {
          name: 'web',
          include: ['web/test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, BUNDLE_BUDGET_TEST],
          environment: 'happy-dom',
          setupFiles: ['web/test/locales-setup.ts'],
        },
      },
      // The bundle budgets (issue 10): reads, and when stale first builds, web/dist in Node.
      {
        test: {
          name: 'build',
          include: [BUNDLE_BUDGET_TEST],
          environment: 'node' as const,
          testTimeout: 30_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
