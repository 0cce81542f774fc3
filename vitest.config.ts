import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      'e2e',
      'e2e/vitest.lighthouse.config.ts',
    ],
  },
});
