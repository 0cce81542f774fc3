import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // A worker's files share their modules: loading the server's code afresh for each file took a
    // third of the project's CPU (about 1.2 s a file). Every file starts its own servers on its
    // own database, and the one that mocks a module loads its subject again after vi.resetModules().
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
