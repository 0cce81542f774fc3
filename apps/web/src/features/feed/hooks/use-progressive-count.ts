import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';

/** Posts added per step: one post's render, commit and layout stay a short task on a phone. */
const stepSize = 2;

// Only the page's first screen is drawn progressively. Coming back to the feed (Back, or the
// Home link) draws every loaded post at once, so a restored scroll position has its posts.
let firstScreenDrawn = false;

/**
 * How many of `total` items to draw: `first` at once, then a few more each time the browser is
 * idle, until all are drawn. Drawing twenty posts in one go was one long task of several hundred
 * milliseconds on a phone (render, commit, style and layout of every card); in steps of two, no
 * task is long, and the first photo is on screen before the rest starts.
 */
export function useProgressiveCount(total: number, first: number): number {
  const [count, setCount] = useState(() => (firstScreenDrawn ? Infinity : first));

  useEffect(() => {
    if (count >= total) {
      if (total > 0) firstScreenDrawn = true;
      return;
    }
    return whenIdle(() => setCount((current) => current + stepSize), 200);
  }, [count, total]);

  return Math.min(count, total);
}

/** Tests start each page load afresh. */
export function resetProgressiveCount(): void {
  firstScreenDrawn = false;
}
