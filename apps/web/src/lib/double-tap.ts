import { useRef, type MouseEvent } from 'react';

/** Two taps or clicks closer than this are one double tap (the platforms' own default). */
export const doubleTapMs = 300;

/**
 * A click handler that calls `onDoubleTap` on the second of two quick clicks. Built on clicks
 * rather than `dblclick`, which phone browsers do not all send for two taps.
 */
export function useDoubleTap(onDoubleTap: () => void, now: () => number = () => performance.now()) {
  const lastTap = useRef<number | null>(null);
  return (event: MouseEvent) => {
    const time = now();
    if (lastTap.current !== null && time - lastTap.current < doubleTapMs) {
      lastTap.current = null;
      // A double click also selects a word of nearby text; a double tap should only like.
      event.preventDefault();
      onDoubleTap();
      return;
    }
    lastTap.current = time;
  };
}

/** The reader asked their system for less motion. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
