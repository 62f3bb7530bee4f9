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
  },
});
