import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False during the server's rendering and the browser's hydrating render, true after (React
 * reads the server snapshot while hydrating, then renders again with the client's). For parts
 * that load lazily: drawn only once hydrated, both renders agree on what stands in for them,
 * where a lazy part inside Suspense would be left unfinished by the server and make React throw
 * the server's HTML of that part away with an error (#419).
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
