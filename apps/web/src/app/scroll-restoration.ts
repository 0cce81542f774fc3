import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';
import { backgroundOf } from '@/lib/overlay-location';
import { keepsScroll } from '@/lib/scroll-state';

/** How long Back waits for a page to grow tall enough to scroll to where the reader left it. */
export const restoreTimeoutMs = 2000;

/** Where the window was scrolled on each history entry seen in this page load, by entry key. */
const positions = new Map<string, number>();

/** Input that means the reader is scrolling by themselves: a pending restore gives way to it. */
const readerInput = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `top` once the page is tall enough for it. A page coming back from the cache may
 * draw in slices (the feed draws its first posts, then the rest), so it tries on every frame
 * until it can, the time runs out, or the reader scrolls.
 */
function scrollWhenDrawn(top: number): () => void {
  const deadline = performance.now() + restoreTimeoutMs;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    readerInput.forEach((type) => window.removeEventListener(type, stop));
  };
  const attempt = () => {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (room >= top || performance.now() > deadline) {
      window.scrollTo(0, Math.min(top, Math.max(room, 0)));
      stop();
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  readerInput.forEach((type) => window.addEventListener(type, stop, { passive: true }));
  attempt();
  return stop;
}

/**
 * Back and Forward return to where the reader was on that page (the feed keeps its loaded pages
 * in the query cache, so they draw again without a request); any other move starts at the top.
 * Opening or closing a post over a page leaves that page where it is.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const page = backgroundOf(location) ?? location;
  const keep = keepsScroll(page.state);
  const shownKey = useRef<string | null>(null);

  useEffect(() => {
    // The browser's own restoration would jump before the page has drawn, then fight ours.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (shownKey.current !== null) positions.set(shownKey.current, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const first = shownKey.current === null;
    if (shownKey.current === page.key) return;
    shownKey.current = page.key;
    // A fresh page load starts where the browser put it.
    if (first) return;
    if (navigationType === NavigationType.Pop) return scrollWhenDrawn(positions.get(page.key) ?? 0);
    if (!keep) window.scrollTo(0, 0);
  }, [page.key, keep, navigationType]);
}
