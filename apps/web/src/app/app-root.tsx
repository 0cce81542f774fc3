import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { AppProvider } from './provider';
import { Shell } from './shell';

/**
 * The whole app, as the browser mounts it and as the server renders a page's first screen: both
 * must draw the same tree, or hydration throws the server's HTML away.
 */
export function AppRoot({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <Shell />
      </AppProvider>
    </StrictMode>
  );
}
