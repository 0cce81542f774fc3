import { firstScreenScriptId, type FirstScreen } from '@pinhole/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { PostPages } from './post-cache';
import { queryKeys } from './query-keys';

/** The session and first feed page the server embedded in the HTML, if it did (not in dev). */
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
 * Seeds the cache with the embedded answers, so the first screen draws at once and the photo the
 * HTML preloads is the one the feed shows, instead of session → feed → photo one after another.
 */
export function seedFirstScreen(queryClient: QueryClient, { session, feed }: FirstScreen): void {
  queryClient.setQueryData(queryKeys.session, session);
  // Only the home page carries the feed; other pages carry what their route shows.
  if (feed)
    queryClient.setQueryData<PostPages>(queryKeys.feed, { pages: [feed], pageParams: [null] });
}
