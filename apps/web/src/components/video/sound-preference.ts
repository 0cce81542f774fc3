import { useSyncExternalStore } from 'react';

// Instagram's rule: once the reader turns the sound on, the next videos play with sound too,
// until they turn it off. Kept for this visit only: a new visit starts muted, as browsers
// allow a video to start by itself only muted.
let soundOn = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSoundOn(on: boolean): void {
  if (on === soundOn) return;
  soundOn = on;
  for (const listener of listeners) listener();
}

/** Whether videos play with sound, shared by every video on the page. */
export function useSoundOn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => soundOn,
    () => false,
  );
}
