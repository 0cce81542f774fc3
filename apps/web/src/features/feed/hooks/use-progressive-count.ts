import { useCallback, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';

/** Posts added per step: one post's render, commit and layout stay a short task on a phone. */
const stepSize = 2;

// Only the page's first screen is drawn progressively. Coming back to the feed (Back, or the
// Home link) draws every loaded post at once, so a restored scroll position has its posts
// (the reader may have scrolled past the drawn ones, then left).
let firstScreenDrawn = false;

export interface ProgressiveCount {
  /** How many items to draw now. */
  count: number;
  /** Draws the next few: the feed calls it as the reader nears the last drawn item. */
  showMore: () => void;
}

/**
 * How many of `total` items to draw: `first` at once, then a few more each time the reader comes
 * near the end of what is drawn. Drawing twenty posts in one go was one long task of several
 * hundred milliseconds on a phone; drawing them on idle kept the main thread busy for seconds
 * after the page loaded (a phone's first taps waited behind it, and Lighthouse counted every
 * step as blocking time). Posts nobody scrolled to are never drawn. Where IntersectionObserver is
 * missing nothing would call `showMore`, so the rest are drawn on idle, a few at a time.
 */
export function useProgressiveCount(total: number, first: number): ProgressiveCount {
  const [count, setCount] = useState(() => (firstScreenDrawn ? Infinity : first));
  const observable = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    if (total > 0) firstScreenDrawn = true;
    if (count >= total || observable) return;
    return whenIdle(() => setCount((current) => current + stepSize), 200);
  }, [count, total, observable]);

  // A new function per step: the sentinel observing it looks again after each step, so a reader
  // already near the end gets the next step without scrolling further.
  const showMore = useCallback(() => setCount(count + stepSize), [count]);

  return { count: Math.min(count, total), showMore };
}

/** Tests start each page load afresh. */
export function resetProgressiveCount(): void {
  firstScreenDrawn = false;
}
