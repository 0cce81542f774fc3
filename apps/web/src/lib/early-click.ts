declare global {
  interface Window {
    /** Child indices under #root of a control clicked before the app hydrated (server's deferred-boot.ts). */
    __pinholeEarlyClick?: number[];
  }
}

/** How long a held click waits for its button to be hydrated before it is dropped. */
const hydrationWaitMs = 5000;
const retryEveryMs = 20;

/**
 * Whether React has hydrated this server-drawn element: it then carries React's props
 * (`__reactProps$…`). The app's root hydrates first; a page's own content (a lazy route, inside
 * its Suspense boundary) can follow a moment later, and a click on it before then does nothing.
 */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/**
 * Clicks, once, the control a reader clicked on the server-drawn page before the app had started:
 * the page's boot script held that click (it would have done nothing) and noted where it landed.
 * Hydration keeps the server's elements, so the same path finds the same button; the click waits
 * until that button is hydrated (a tap on Like on the home page was lost when the feed's route
 * hydrated after the app's root).
 */
export function replayEarlyClick(): void {
  const path = window.__pinholeEarlyClick;
  if (!path) return;
  delete window.__pinholeEarlyClick;
  let node: Element | null | undefined = document.getElementById('root');
  for (const index of path) node = node?.children[index];
  if (!(node instanceof HTMLElement)) return;
  const target = node;
  const since = performance.now();
  const attempt = () => {
    if (!target.isConnected) return;
    if (isHydrated(target)) target.click();
    else if (performance.now() - since < hydrationWaitMs) setTimeout(attempt, retryEveryMs);
  };
  attempt();
}
