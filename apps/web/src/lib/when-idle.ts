/**
 * Runs `callback` when the browser is idle (at the latest after `timeoutMs`), or on the next
 * task where there is no requestIdleCallback. Returns a cancel function, for effect cleanups.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 16);
  return () => clearTimeout(handle);
}
