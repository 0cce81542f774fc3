import { limits, pagePaths, pagePatterns, usernamePattern } from '@pinhole/contracts';

/**
 * The addresses the web client owns (their table is `pagePaths` in the contracts) and the rules
 * for paths outside them: which misses are the client's not-found page, and which trailing
 * slashes are only a typo.
 */

const { home, post, profile, profileSaved, profileTagged, followers, following } = pagePaths;

/** `/:username` and its tabs: the profile's own page draws each. */
export const profilePaths: string[] = [
  profile,
  profileSaved,
  profileTagged,
  followers,
  following,
].map((page) => page.pattern);

/**
 * The client's other pages: the server knows nothing they need, it only owns their addresses.
 * Every page of the contracts' table that is not the home, a post or a profile, so a page added
 * there is answered here without a second list to keep.
 */
export const otherPagePaths = pagePatterns().filter(
  (pattern) =>
    pattern !== home.pattern && pattern !== post.pattern && !profilePaths.includes(pattern),
);

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

// Names other servers give their people (Mastodon: letters, digits, `_`, inner `.` and `-`), and
// their host: a DNS name (a single label for test rigs and LANs) with an optional port.
const remoteUserPattern = /^[a-z0-9._-]{1,64}$/;
const hostPattern = /^(?=.{1,253}$)[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/;

/**
 * The username a profile address's first segment names, as the web client reads it: `alice` (or
 * `@alice`), or `alice@host` for `@alice@host` and `alice@host`; lowercased. Null when it cannot
 * name anyone, so nothing is looked up for it.
 */
export function usernameOfSegment(segment: string): string | null {
  const name = segment.toLowerCase();
  const parts = (name.startsWith('@') ? name.slice(1) : name).split('@');
  if (parts.length === 1) {
    const [user = ''] = parts;
    return user.length <= limits.usernameMaxLength && usernamePattern.test(user) ? user : null;
  }
  const [user = '', host = '', ...rest] = parts;
  if (rest.length > 0 || !remoteUserPattern.test(user) || !hostPattern.test(host)) return null;
  return `${user}@${host}`;
}
