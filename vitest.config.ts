import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time (VITEST_MAX_WORKERS overrides). Vitest's default is one fewer
    // than the cores, which on CI's two cores ran the unit, server and web files one by one
    // while the second core mostly idled: a server file spends much of its time waiting on
    // PostgreSQL, the disk and its own timers. The browser projects stay one file at a time.
    maxWorkers: 2,
    // After a whole run, where its minutes went (per project, slowest files).
    reporters: ['default', './scripts/test-times-reporter.ts'],
    // .ci/run names the projects it runs: a new one is added there too.
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      'e2e',
      'e2e/vitest.lighthouse.config.ts',
    ],
  },
});
