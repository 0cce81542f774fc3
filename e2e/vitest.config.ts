import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One browser at a time: the product, Chromium and the tests share two cores.
    fileParallelism: false,
    // After the unit and server projects; Lighthouse (groupOrder 2) after this one.
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
