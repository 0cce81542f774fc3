import type { SessionResponse } from '@pinhole/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { ClockProvider } from '@/lib/clock';
import { queryKeys } from '@/lib/query-keys';
import { routerFuture } from '@/lib/router-future';
import { fixedClock } from './factories';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Where the test's router is; `location.current` follows every navigation. */
export interface TestRouter {
  /** The address the test starts at (default `/`). */
  path?: string;
  /** The route pattern `ui` is drawn for, so it can read its params (default: every path). */
  pattern?: string;
}

function LocationSpy({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  // In the commit, not after it: a findBy resolves as soon as the new page is in the DOM, before
  // React runs passive effects; with useEffect a test could see the new page and the old
  // location.current (the shell's sign-out test did, under load).
  useLayoutEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

function routed(ui: ReactElement, { path = '/', pattern = '*' }: TestRouter) {
  const location: { current: Location | null } = { current: null };
  const tree = (
    <MemoryRouter initialEntries={[path]} future={routerFuture}>
      <LocationSpy
        onLocation={(next) => {
          location.current = next;
        }}
      />
      <Routes>
        <Route path={pattern} element={ui} />
      </Routes>
    </MemoryRouter>
  );
  return { tree, location };
}

/** Renders inside the real app providers (query client, clock, auth, router) with a fixed clock. */
export function renderWithApp(
  ui: ReactElement,
  queryClient = testQueryClient(),
  router: TestRouter = {},
) {
  const { tree, location } = routed(ui, router);
  return {
    queryClient,
    location,
    ...render(
      <AppProvider queryClient={queryClient} clock={fixedClock}>
        {tree}
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
  router: TestRouter = {},
) {
  queryClient.setQueryData(queryKeys.session, session);
  queryClient.setQueryDefaults(queryKeys.session, { refetchOnMount: false });
  return renderWithApp(ui, queryClient, router);
}

/** Renders with a query client, the fixed clock and a router, for components needing no session. */
export function renderWithQuery(
  ui: ReactElement,
  queryClient = testQueryClient(),
  router: TestRouter = {},
) {
  const { tree, location } = routed(ui, router);
  return {
    queryClient,
    location,
    ...render(
      <QueryClientProvider client={queryClient}>
        <ClockProvider clock={fixedClock}>{tree}</ClockProvider>
      </QueryClientProvider>,
    ),
  };
}
