import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The spec: feed, like and comment failures are logged and not retried.
      // Offline, a query still asks once: the service worker answers with what it kept (the
      // last feed, profile, post). Left paused until the network came back, the app showed a
      // spinner over pages this device could read.
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}
