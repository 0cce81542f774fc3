/**
 * The discovery rows (issue 19): search as people type, a hashtag's first page and explore's
 * first page, each read signed in by several people in turn.
 */
import type { AppContext } from '../../apps/server/src/app-context';
import { firstNames, lastNames } from '../../apps/server/src/seed/content';
import type { LoadResult } from './load';
import { runLoad, turns } from './load';
import type { LoadSettings } from './scenarios';

/** Items per grid page measured: the feed's 20, so the pages compare with the ceiling's. */
export const gridPageSize = 20;

/**
 * What people type into the search box, letter by letter: prefixes of first and last names
 * (a single letter matches a tenth of everyone), whole names, two words, and hashtag prefixes.
 */
export function searchQueries(): string[] {
  const queries: string[] = [];
  for (const name of [...firstNames.slice(0, 12), ...lastNames.slice(0, 12)]) {
    for (let length = 1; length <= Math.min(4, name.length); length++) {
      queries.push(name.slice(0, length));
    }
    queries.push(name);
  }
  queries.push(`${firstNames[0]} ${lastNames[0]?.slice(0, 2)}`, '#p', '#ph', '#sun', '#go');
  return queries;
}

/** The hashtag most posts carry: its page is the one most people open. */
export async function readTopHashtag(context: AppContext): Promise<string | null> {
  const row = await context.database.db
    .selectFrom('hashtags')
    .select('name')
    .orderBy('posts_count', 'desc')
    .orderBy('name')
    .executeTakeFirst();
  return row?.name ?? null;
}

/** GETs `paths` in turn, each as the next of `tokens` (signed-in readers). */
function runPaths(
  baseUrl: string,
  paths: readonly string[],
  tokens: readonly string[],
  settings: LoadSettings,
): Promise<LoadResult> {
  const groups = turns(paths.length * tokens.length, (turn) => [
    {
      method: 'GET',
      path: paths[(turn + 1) % paths.length]!,
      headers: { authorization: `Bearer ${tokens[(turn + 1) % tokens.length]!}` },
    },
  ]);
  return runLoad({ url: baseUrl, ...settings, groups });
}

export function runSearch(baseUrl: string, tokens: readonly string[], settings: LoadSettings) {
  const paths = searchQueries().map((q) => `/api/search?q=${encodeURIComponent(q)}`);
  return runPaths(baseUrl, paths, tokens, settings);
}

export function hashtagPath(name: string): string {
  return `/api/hashtags/${encodeURIComponent(name)}/posts?limit=${gridPageSize}`;
}

export const explorePath = `/api/explore?limit=${gridPageSize}`;

export function runGrid(
  baseUrl: string,
  path: string,
  tokens: readonly string[],
  settings: LoadSettings,
) {
  return runPaths(baseUrl, [path], tokens, settings);
}
