import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit and API tests. Server API tests run against the embedded PGlite and, when
 * TEST_DATABASE_URL is set, once more against that PostgreSQL server.
 */
const serverProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${kind}`,
    include: ['server/test/**/*.test.ts'],
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
