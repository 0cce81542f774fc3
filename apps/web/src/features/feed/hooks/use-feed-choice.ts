import { feedChoiceCookie, feedKindOf, type FeedKind } from '@pinhole/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { queryKeys } from '@/lib/query-keys';

/** A year: the choice outlives the session cookie, as Instagram's does. */
const rememberedForSeconds = 365 * 24 * 60 * 60;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The signed-in home's feed, remembered in a cookie the server also reads: the server draws the
 * chosen feed and says which (seeded under `feedChoice`), so the browser's first render matches
 * it. Without a seeded choice (the dev server, no first screen) nothing is hydrated and the
 * cookie is read directly.
 */
export function useFeedChoice(): [FeedKind, (kind: FeedKind) => void] {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<FeedKind>(
    () =>
      queryClient.getQueryData<FeedKind>(queryKeys.feedChoice) ??
      (typeof document === 'undefined' ? 'following' : feedKindOf(readCookie(feedChoiceCookie))),
  );
  const choose = useCallback(
    (next: FeedKind) => {
      setKind(next);
      queryClient.setQueryData(queryKeys.feedChoice, next);
      document.cookie = `${feedChoiceCookie}=${next}; path=/; max-age=${rememberedForSeconds}; samesite=lax`;
    },
    [queryClient],
  );
  return [kind, choose];
}
