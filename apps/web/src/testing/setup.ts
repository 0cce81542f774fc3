import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
});
