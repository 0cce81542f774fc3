import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { ClockProvider, systemClock, type Clock } from '@/lib/clock';
import { createQueryClient } from '@/lib/query-client';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client and clock; the app uses fresh defaults. */
  queryClient?: QueryClient;
  clock?: Clock;
}

export function AppProvider({ children, queryClient, clock = systemClock }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ClockProvider clock={clock}>
        <AuthProvider>{children}</AuthProvider>
      </ClockProvider>
    </QueryClientProvider>
  );
}
