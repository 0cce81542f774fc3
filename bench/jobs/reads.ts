import { seedPassword } from '../../apps/server/src/seed/seed.service';
import {
  explorePath,
  gridPageSize,
  hashtagPath,
  runGrid,
  runSearch,
  searchQueries,
} from '../lib/discovery';
import type { FollowFacts } from '../lib/follows';
import {
  followingFeedPath,
  runFollowingFeed,
  runSuggestions,
  slowestFirstRequest,
} from '../lib/follows';
import { signIn } from '../lib/scenarios';
import type { ServerProcess } from '../lib/server-process';
import type { Row } from '../lib/table';
import { attempt, loadRow, log, settings, size } from './state';

/** The Following feed of the keenest followers, page 1 and deep, and their suggestions. */
export async function followReadRows(
  kind: string,
  server: ServerProcess,
  facts: FollowFacts,
): Promise<Row[]> {
  const viewers = await Promise.all(
    facts.viewers.map(async (viewer) => ({
      ...viewer,
      token: await signIn(server.url, viewer.email, seedPassword),
    })),
  );
  const following = Math.min(...viewers.map((viewer) => viewer.following));
  const who = `${viewers.length} people following ${following}+`;
  const rows: Row[] = [];
  const pages = [
    ['p1', 1, () => null, '≥ 25% of ceiling, p99 ≤ 50 ms'],
    [
      'deep',
      size.followingDeepPage,
      (viewer: { deepCursor: string | null }) => viewer.deepCursor,
      'within 1.2× of page 1',
    ],
  ] as const;
  for (const [key, page, cursorOf, goal] of pages) {
    const readers = viewers.map((viewer) => ({
      token: viewer.token,
      path: followingFeedPath(cursorOf(viewer)),
    }));
    log(`${kind}: Following feed page ${page} as ${who}...`);
    const coldMs = await attempt(`${kind} following first requests`, () =>
      slowestFirstRequest(server.url, readers),
    );
    const result = await attempt(`${kind} following feed page ${page}`, () =>
      runFollowingFeed(server.url, readers, settings),
    );
    rows.push(
      loadRow(
        `${kind}.feed.following.${key}`,
        `${kind}: GET /api/posts?feed=following&limit=20 page ${page} (goal ${goal})`,
        result,
        `${who}; first request ${coldMs === null ? '?' : coldMs.toFixed(0)} ms (slowest reader)`,
      ),
    );
  }
  log(`${kind}: suggestions as ${who}...`);
  const readers = viewers.map((viewer) => ({
    token: viewer.token,
    path: '/api/suggestions?limit=5',
  }));
  const coldMs = await attempt(`${kind} suggestions first requests`, () =>
    slowestFirstRequest(server.url, readers),
  );
  const suggestions = await attempt(`${kind} suggestions`, () =>
    runSuggestions(
      server.url,
      viewers.map((viewer) => viewer.token),
      settings,
    ),
  );
  rows.push(
    loadRow(
      `${kind}.suggestions`,
      `${kind}: GET /api/suggestions?limit=5 (goal p99 ≤ 50 ms)`,
      suggestions,
      `${who}; first request ${coldMs === null ? '?' : coldMs.toFixed(0)} ms (slowest reader)`,
    ),
  );
  return rows;
}

/** Issue 19: search as people type, a hashtag's first page and explore's, signed in. */
export async function discoveryRows(
  kind: string,
  server: ServerProcess,
  tokens: string[],
  topHashtag: string | null,
): Promise<Row[]> {
  const who = `${tokens.length} people signed in, in turn`;
  log(`${kind}: search over ${searchQueries().length} typed prefixes as ${who}...`);
  const search = await attempt(`${kind} search`, () => runSearch(server.url, tokens, settings));
  const rows = [
    loadRow(
      `${kind}.search`,
      `${kind}: GET /api/search?q= (goal p99 ≤ 20 ms)`,
      search,
      `${searchQueries().length} prefixes of names and hashtags; ${who}`,
    ),
  ];
  const grids = [
    ['hashtag.p1', `GET /api/hashtags/${topHashtag ?? '?'}/posts`, hashtagPath(topHashtag ?? '')],
    ['explore.p1', 'GET /api/explore', explorePath],
  ] as const;
  for (const [key, label, path] of grids) {
    log(`${kind}: ${label} page 1 as ${who}...`);
    const result = await attempt(`${kind} ${key}`, () =>
      runGrid(server.url, path, tokens, settings),
    );
    rows.push(
      loadRow(
        `${kind}.${key}`,
        `${kind}: ${label}?limit=${gridPageSize} page 1 (goal ≥ 25% of ceiling, p99 ≤ 50 ms)`,
        result,
        who,
      ),
    );
  }
  return rows;
}
