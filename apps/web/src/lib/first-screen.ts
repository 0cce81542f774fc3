import { firstScreenScriptId, type FirstScreen, type PostPage } from '@pinhole/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** The session and what the page's route shows, embedded by the server in the HTML (not in dev). */
export function readFirstScreen(doc: Document = document): FirstScreen | null {
  const text = doc.getElementById(firstScreenScriptId)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstScreen;
  } catch {
    // A page without usable data still works: the client asks the API, as before.
    return null;
  }
}

/**
 * Seeds the cache with the embedded answers, under the keys the route's page reads, so the first
 * screen draws at once and the photo the HTML preloads is the one the page shows, instead of
 * session → data → photo one after another.
 */
export function seedFirstScreen(
  queryClient: QueryClient,
  { session, feed, feed_kind: feedKind = 'everyone', profile, post }: FirstScreen,
): void {
  queryClient.setQueryData(queryKeys.session, session);
  if (feed) {
    queryClient.setQueryData<InfiniteData<PostPage, string | null>>(queryKeys.feedOf(feedKind), {
      pages: [feed],
      pageParams: [null],
    });
    // The home's tabs start on the feed the server drew, so hydration finds the same screen.
    if (session.user) queryClient.setQueryData(queryKeys.feedChoice, feedKind);
  }
  if (profile)
    queryClient.setQueryData(queryKeys.profileByUsername(profile.username.toLowerCase()), profile);
  if (post) queryClient.setQueryData(queryKeys.post(post.id), post);
}
