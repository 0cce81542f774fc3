import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
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
 * Marks the page once the app has mounted or hydrated (effects run only in the browser): before
 * that, a page the server drew shows buttons that do nothing yet. The e2e tests wait for it, and
 * a click the page's boot script held until now is given to its button. The boot script holds
 * clicks until the mark, and early-click.ts from then on (parts still hydrating), so the mark
 * waits for it (its own chunk: the first script stays within its budget).
 */
function ReadyMark() {
  useEffect(() => {
    const markReady = () => {
      document.documentElement.dataset.ready = '';
    };
    void import('@/lib/early-click').then(
      ({ holdClicksUntilHydrated, replayEarlyClick }) => {
        holdClicksUntilHydrated();
        // Before the replay: the boot script would hold the replayed click again.
        markReady();
        replayEarlyClick();
      },
      (error: unknown) => {
        markReady();
        console.error('Error loading early clicks', error);
      },
    );
  }, []);
  return null;
}
