import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `onDone` once a story has been on screen for `durationMs` while `running`. Pausing (a
 * hold, a hover, a dialog) keeps the time already shown, so letting go finishes the story instead
 * of starting it over; a new `key` (another story, or this one restarted) starts from zero.
 */
export function useStoryTimer(
  key: string,
  running: boolean,
  durationMs: number,
  onDone: () => void,
): void {
  const shown = useRef({ key, ms: 0 });
  const finish = useEffectEvent(() => onDone());

  useEffect(() => {
    if (!running) return;
    if (shown.current.key !== key) shown.current = { key, ms: 0 };
    const startedAt = Date.now();
    const timer = setTimeout(() => finish(), Math.max(0, durationMs - shown.current.ms));
    return () => {
      clearTimeout(timer);
      if (shown.current.key === key) shown.current.ms += Date.now() - startedAt;
    };
  }, [key, running, durationMs]);
}
