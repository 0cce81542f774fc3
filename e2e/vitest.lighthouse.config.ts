import { defineProject } from 'vitest/config';

// Lighthouse's simulated phone scales the CPU time it observes: on a machine busy with the other
// test projects it measures the machine, not the page. This project runs alone, after every other
// project has finished (groupOrder: the unit and server projects 0, the browser journeys 1).
export default defineProject({
  test: {
    name: 'lighthouse',
    environment: 'node',
    include: ['**/*.lighthouse.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 240_000,
    sequence: { groupOrder: 2 },
  },
});
