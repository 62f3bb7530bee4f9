import { defineConfig } from 'vitest/config';

/** Browser tests: Chromium through playwright-core against the server started by scripts/e2e.mjs. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['web/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // One more try for a test that fails once: on a shared 2-core machine a browser step can miss
    // its timeout under load. A real fault fails twice; the report marks a passing retry.
    retry: 1,
  },
});
