/**
 * The addresses the web client owns (API.md, "Addresses") and the rules for paths outside them:
 * which misses are the client's not-found page, and which trailing slashes are only a typo.
 */

/** `/:username` and its tabs (API.md, "Addresses"): the profile's own page draws each. */
export const profilePaths = [
  '/:username',
  '/:username/saved',
  '/:username/tagged',
  '/:username/followers',
  '/:username/following',
];

/** The client's other pages: the server knows nothing they need, it only owns their addresses. */
export const otherPagePaths = [
  '/explore',
  '/explore/people',
  '/explore/tags/:tag',
  '/stories/:username/:id',
  '/notifications',
  '/accounts/edit',
  '/accounts/password',
  '/accounts/sessions',
  '/accounts/import',
  '/accounts/blocked',
  '/accounts/notifications',
  '/accounts/delete',
  '/accounts/password/reset',
  '/admin',
  '/about',
  '/p/:id/liked_by',
];

/** First segments whose misses stay a JSON 404: the API, stored files and the built scripts. */
const nonPageSegments = new Set(['api', 'assets', 'storage']);

/** Ids are UUIDs today; anything else that could be a key is looked up, nothing else is. */
export const postIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** True for paths whose misses are the client's not-found page rather than the API's JSON 404. */
export function isPagePath(url: string): boolean {
  const firstSegment = /^\/([^/?#]*)/.exec(url)?.[1] ?? '';
  return !nonPageSegments.has(firstSegment.toLowerCase());
}

/**
 * `/alice/` is how many people (and Instagram) write a profile's address. A path made only of
 * plain segments is sent to itself without the slash; anything else (`//host/`, `/\host/`, dot
 * segments) is left to the not-found page, so this can never send anyone to another site.
 */
export function withoutTrailingSlash(url: string): string | undefined {
  const [pathname = '', query] = url.split(/\?(.*)/s, 2);
  const match = /^((?:\/[A-Za-z0-9_.~-]+)+)\/$/.exec(pathname);
  const target = match?.[1];
  if (!target || target.split('/').some((segment) => segment === '.' || segment === '..')) {
    return undefined;
  }
  return query === undefined ? target : `${target}?${query}`;
}
