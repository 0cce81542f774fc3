import { limits, type FeedKind, type PostPage } from '@pinhole/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getFeedPage(
  kind: FeedKind,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  // Everyone's feed keeps the address it always had: the server caches that page for all.
  const feed = kind === 'following' ? 'following' : undefined;
  try {
    return await apiRequest('feed', {
      query: { limit: limits.homeFeedLimit, feed, cursor },
      signal,
    });
  } catch (error) {
    // The spec: feed failures are only logged; the page keeps working.
    if (!signal?.aborted) console.error('Error loading posts', error);
    throw error;
  }
}

/** How long the feed's loaded pages outlive the feed on screen, for Back from another page. */
const keptFor = 30 * 60_000;

export const feedQueryOptions = (kind: FeedKind) =>
  infiniteQueryOptions({
    queryKey: queryKeys.feedOf(kind),
    queryFn: ({ pageParam, signal }) => getFeedPage(kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    // Coming back to the feed (Back from a profile or a post) shows the pages the reader had
    // loaded, where they were: refetching on mount would ask for every one of them again, one
    // after another, and could move the posts under the restored scroll position. The feed is
    // read again only once something changed it (a new post, signing in or out invalidate it).
    refetchOnMount: (query) => query.state.isInvalidated,
    gcTime: keptFor,
  });

export function useFeed(kind: FeedKind) {
  return useInfiniteQuery(feedQueryOptions(kind));
}
