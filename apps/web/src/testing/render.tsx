import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProvider } from '../app/provider';
import { ClockProvider } from '../lib/clock';
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
