declare global {
  interface Window {
    /** Child indices under #root of a control clicked before the app hydrated (server's deferred-boot.ts). */
    __pinholeEarlyClick?: number[];
    /** The same for two quick clicks on an element that is not a control (a double tap on a photo). */
    __pinholeEarlyDoubleTap?: number[];
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

function elementAt(path: number[]): HTMLElement | null {
  let node: Element | null | undefined = document.getElementById('root');
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement ? node : null;
}

/** Calls `act` with the element once it is hydrated; drops it if it is not within the wait. */
function whenHydrated(target: HTMLElement, act: () => void): void {
  const since = performance.now();
  const attempt = () => {
    if (!target.isConnected) return;
    if (isHydrated(target)) act();
    else if (performance.now() - since < hydrationWaitMs) setTimeout(attempt, retryEveryMs);
  };
  attempt();
}

/** What the page's boot script counts as a control (deferred-boot.ts): what a click would set off. */
const control =
  'button,[role=button],[role=tab],[role=switch],input[type=checkbox],input[type=radio],summary';

let holding = false;

/**
 * From the app's start on, holds a click on a control React has not hydrated yet and clicks it
 * again once it is, as the boot script does before the start. Parts of the home hydrate from
 * chunks of their own a moment after the app starts (app/routes/home-parts.tsx): React drops a
 * click on such a part while its code is still coming, so Switch in the sidebar, clicked just
 * after the start, did nothing. Links are left alone: they work without the app.
 */
export function holdClicksUntilHydrated(): void {
  if (holding) return;
  holding = true;
  document.addEventListener(
    'click',
    (event) => {
      const root = document.getElementById('root');
      const element = event.target instanceof Element ? event.target : null;
      const target = element?.closest<HTMLElement>(control);
      if (!root || !target || !root.contains(target) || isHydrated(target)) return;
      if (element?.closest('a[href]')) return;
      event.preventDefault();
      event.stopPropagation();
      whenHydrated(target, () => target.click());
    },
    true,
  );
}

/**
 * Gives back, once, what a reader did on the server-drawn page before the app had started: the
 * page's boot script held those clicks (they would have done nothing) and noted where they landed.
 * A click on a control is clicked again; a double tap (two quick clicks on a photo, which likes
 * it) is given back as two clicks, so the photo's own double-tap handler sees it. Hydration keeps
 * the server's elements, so the same path finds the same element; the clicks wait until it is
 * hydrated (a tap on Like on the home page was lost when the feed's route hydrated after the
 * app's root).
 */
export function replayEarlyClick(): void {
  const clickPath = window.__pinholeEarlyClick;
  const doubleTapPath = window.__pinholeEarlyDoubleTap;
  delete window.__pinholeEarlyClick;
  delete window.__pinholeEarlyDoubleTap;
  const control = clickPath && elementAt(clickPath);
  if (control) whenHydrated(control, () => control.click());
  const photo = doubleTapPath && elementAt(doubleTapPath);
  if (photo)
    whenHydrated(photo, () => {
      photo.click();
      photo.click();
    });
}
