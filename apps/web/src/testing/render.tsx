import type { SessionResponse } from '@pinhole/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProvider } from '@/app/provider';
import { ClockProvider } from '@/lib/clock';
import { queryKeys } from '@/lib/query-keys';
import { fixedClock } from './factories';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Renders inside the real app providers (query client, clock, auth) with a fixed clock. */
export function renderWithApp(ui: ReactElement, queryClient = testQueryClient()) {
  return {
    queryClient,
    ...render(
      <AppProvider queryClient={queryClient} clock={fixedClock}>
        {ui}
      </AppProvider>,
    ),
  };
}

/**
 * Renders inside the real app providers with `session` already loaded, as once the app has
 * started: the reader is known from the first render, and no session request is made (loading
 * the session is what the auth provider's and the shell's own tests cover).
 */
export function renderAsReader(
  ui: ReactElement,
  session: SessionResponse,
  queryClient = testQueryClient(),
) {
  queryClient.setQueryData(queryKeys.session, session);
  queryClient.setQueryDefaults(queryKeys.session, { refetchOnMount: false });
  return renderWithApp(ui, queryClient);
}

/** Renders with a query client and the fixed clock only, for components that need no session. */
export function renderWithQuery(ui: ReactElement, queryClient = testQueryClient()) {
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <ClockProvider clock={fixedClock}>{ui}</ClockProvider>
      </QueryClientProvider>,
    ),
  };
}
