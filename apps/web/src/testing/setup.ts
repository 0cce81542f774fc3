import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetApiUnreachable } from '@/lib/api-client';

// findBy/waitFor wait up to 20 s (the default is 1 s): on a loaded machine a render after a click
// or a lazy chunk can take seconds. Passing tests do not wait longer; a failing one reports its
// DOM well within the test's own 60 s (vitest.config.ts).
configure({ asyncUtilTimeout: 20_000 });

// jsdom lacks a few browser APIs that Radix and the create dialog use.
if (!('createObjectURL' in URL)) {
  Object.assign(URL, {
    createObjectURL: () => 'blob:preview',
    revokeObjectURL: () => undefined,
  });
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
const elementStubs: Record<string, () => unknown> = {
  hasPointerCapture: () => false,
  releasePointerCapture: () => undefined,
  scrollIntoView: () => undefined,
};
for (const [method, stub] of Object.entries(elementStubs)) {
  if (!(method in Element.prototype)) Object.assign(Element.prototype, { [method]: stub });
}
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The files of a worker share their modules (isolate: false): a request that found no server
  // in one test must not leave the next file's pages "offline".
  forgetApiUnreachable();
});
