import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit and API tests. Server API tests run against the embedded PGlite and, when
 * TEST_DATABASE_URL is set, once more against that PostgreSQL server.
 */
/**
 * Files the PostgreSQL run leaves to PGlite: what they check happens before or beside the
 * database (HTTP, input validation, media decoding, the object store, processes, the embedded
 * database's backup), or is the demo seed of one area, whose SQL the whole-seed test and every
 * API test on the PostgreSQL snapshot run already. Limits, tenancy, figures and concurrency run
 * on both (issue 18: CI under 30 minutes; the second run of these cost 300 s).
 */
const PGLITE_ONLY = [
  'server/test/backup.test.ts',
  'server/test/access-log.test.ts',
  'server/test/config.test.ts',
  'server/test/docs/**',
  'server/test/log-redaction.test.ts',
  'server/test/openapi.test.ts',
  'server/test/process.test.ts',
  'server/test/server-launch.test.ts',
  'server/test/static-web.test.ts',
  'server/test/wire-time.test.ts',
  'server/test/messages/**',
  'server/test/oss/**',
  'server/test/upload/**',
  'server/test/accounts/phone-login.test.ts',
  'server/test/accounts/seed-and-config.test.ts',
  'server/test/basic-information/seed.test.ts',
  'server/test/courses/seed.test.ts',
  'server/test/looks/seed.test.ts',
  'server/test/videos/demo-seed.test.ts',
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
    include: ['server/test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(kind === 'postgres' ? PGLITE_ONLY : [])],
    environment: 'node' as const,
    globalSetup: ['server/test/support/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    // A file's setup may wait for another worker to seed the shared demo snapshot.
    hookTimeout: 180_000,
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
