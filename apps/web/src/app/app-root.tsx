import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ComponentType, type ReactNode } from 'react';
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
        </AppProvider>
      </Router>
    </StrictMode>
  );
}
