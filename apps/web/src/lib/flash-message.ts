import { useSyncExternalStore } from 'react';

/**
 * A short message any part of the app may raise (a like that failed offline) and the shell shows
 * as a toast: the heart that failed may sit in a photo's double tap, with nowhere of its own to
 * draw one.
 */
let current: { text: string; id: number } | null = null;
let count = 0;
const listeners = new Set<() => void>();

export function showFlashMessage(text: string): void {
  count += 1;
  current = { text, id: count };
  listeners.forEach((listener) => listener());
}

export function clearFlashMessage(): void {
  current = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The message showing now, if any; a new one (even with the same words) has a new id. */
export function useFlashMessage(): { text: string; id: number } | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
