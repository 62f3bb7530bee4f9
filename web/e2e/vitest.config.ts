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
    // expect.poll waits for what the page shows next (a title, a count, a row). Its default of 1 s
    // is a flake on a loaded machine: feedback's document.title test failed its first try in CI.
    // A poll that passes returns as soon as it passes; only a failing one waits this long.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
