declare global {
  interface Window {
    /** Child indices under #root of a control clicked before the app hydrated (server's deferred-boot.ts). */
    __pinholeEarlyClick?: number[];
  }
}

/**
 * Clicks, once, the control a reader clicked on the server-drawn page before the app had started:
 * the page's boot script held that click (it would have done nothing) and noted where it landed.
 * Hydration keeps the server's elements, so the same path finds the same button.
 */
export function replayEarlyClick(): void {
  const path = window.__pinholeEarlyClick;
  if (!path) return;
  delete window.__pinholeEarlyClick;
  let node: Element | null | undefined = document.getElementById('root');
  for (const index of path) node = node?.children[index];
  if (node instanceof HTMLElement) node.click();
}
