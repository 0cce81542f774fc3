import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { whenLatePartsHydrated } from './late-parts';
import { AppProvider } from './provider';
import { Shell } from './shell';

/**
 * The whole app, as the browser mounts it and as the server renders a page's first screen: both
 * must draw the same tree, or hydration throws the server's HTML away. Only the router differs
 * (the browser's history, or the one address the server draws), so it is passed in.
 */
export function AppRoot({
  queryClient,
  router: Router,
}: {
  queryClient: QueryClient;
  router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <StrictMode>
      <Router>
        <AppProvider queryClient={queryClient}>
          <Shell />
          <ReadyMark />
        </AppProvider>
      </Router>
    </StrictMode>
  );
}

/**
 * Marks the page once the app has mounted or hydrated, its late parts too (effects run only in
 * the browser): before that, a page the server drew shows buttons that do nothing yet. The e2e
 * tests wait for it, and a click the page's boot script held until now is given to its button.
 */
function ReadyMark() {
  useEffect(() => {
    // Not before the parts that hydrate late: the boot script holds a click until then, and the
    // e2e tests wait for the mark before they type or tap.
    void whenLatePartsHydrated().then(() => {
      document.documentElement.dataset.ready = '';
      // Loaded only when a click was held: the first script stays within its budget.
      if (window.__pinholeEarlyClick || window.__pinholeEarlyDoubleTap)
        void import('@/lib/early-click').then(({ replayEarlyClick }) => replayEarlyClick());
    });
  }, []);
  return null;
}
