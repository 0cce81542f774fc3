import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // CSS imports are irrelevant to behaviour; skipping them keeps tests fast.
    css: false,
    // A worker's files share their modules (React, Radix, the app's own): loading them afresh
    // for each of ~100 files was three quarters of the project's CPU (216 CPU s against 50).
    // Each test still renders into a clean document (setup.ts cleans up, unstubs and restores).
    isolate: false,
    // Budgets for a busy machine, not a quiet one: CI and other work share two cores, and a test
    // that clicks through a dialog waits on several renders (and a lazy chunk's first transform).
    // Vitest's 5 s per test and 10 s per hook were met alone and missed under load, although
    // nothing was wrong. At a load of 22 on two cores, the shell's first render alone took 4.5 s.
    // A broken test still fails: its findBy gives up first (setup.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
