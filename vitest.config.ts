import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // After a whole run, where its minutes went (per project, slowest files).
    reporters: ['default', './scripts/test-times-reporter.ts'],
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      'e2e',
      'e2e/vitest.lighthouse.config.ts',
    ],
  },
});
