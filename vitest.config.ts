import { defineConfig } from 'vitest/config';

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
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['contract/test/**/*.test.ts'], environment: 'node' } },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        test: {
          name: 'web',
          include: ['web/test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
