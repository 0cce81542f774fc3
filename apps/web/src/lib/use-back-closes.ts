import { useEffect, useRef } from 'react';

let dialogsOpened = 0;

/**
 * The phone's Back (and the browser's) closes what is open over the page, as in Instagram's app,
 * instead of leaving the page beneath: while `open`, an entry of the same address stands in the
 * history, and Back calls `onBack`. The entry is put back at once, so a question asked instead of
 * closing ("Discard post?") keeps the page in place; closing by any means removes it.
 */
export function useBackCloses(open: boolean, onBack: () => void) {
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  });

  useEffect(() => {
    if (!open) return;
    dialogsOpened += 1;
    const marker = `dialog-${dialogsOpened}`;
    // The router's own state is kept, so for it the entry is the page it already shows.
    const state = { ...(window.history.state as object | null), pinholeDialog: marker };
    window.history.pushState(state, '');
    const onPop = (event: PopStateEvent) => {
      // Landing on a dialog's entry is a closing dialog taking its entry back (React's strict
      // mode opens, closes and opens again), not the person pressing Back.
      if ((event.state as { pinholeDialog?: string } | null)?.pinholeDialog) return;
      window.history.pushState(state, '');
      latest.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Only our own entry is taken back: after a navigation (a post shared, then home) it is
      // no longer the current one, and Back would undo that navigation.
      const current = window.history.state as { pinholeDialog?: string } | null;
      if (current?.pinholeDialog === marker) window.history.back();
    };
  }, [open]);
}
