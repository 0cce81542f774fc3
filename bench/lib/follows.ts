/**
 * The follows rows: the Following feed of people who follow the most (300 at full size), page 1
 * and a deep page; suggestions; follow/unfollow writes, with every profile's counters checked
 * against the follow rows afterwards.
 */
import type { AppContext } from '../../apps/server/src/app-context';
import { listPosts } from '../../apps/server/src/repositories/posts.repository';
import { encodeCursor } from '../../apps/server/src/pagination/post-cursor';
import type { LoadResult, RequestSpec } from './load';
import { runLoad, turns } from './load';
import type { LoadSettings } from './scenarios';

export interface FollowFacts {
  /** The people the Following feed is read as: those who follow the most. */
  viewers: { email: string; following: number; deepCursor: string | null }[];
  /** People to follow and unfollow: spread over everyone, busy or not. */
  targets: string[];
}

/** Read before the server starts, beside the other facts of a seeded database. */
export async function readFollowFacts(
  context: AppContext,
  options: { viewers: number; deepPage: number; pageSize: number; excluded: readonly string[] },
): Promise<FollowFacts> {
  const { db } = context.database;
  const keen = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.id')
    .select(['profiles.id', 'users.email', 'profiles.following_count'])
    .orderBy('profiles.following_count', 'desc')
    .orderBy('profiles.id')
    .limit(options.viewers)
    .execute();
  const viewers = [];
  for (const person of keen) {
    // The cursor of page N is the position of the last post of page N - 1 of their feed.
    const [anchor] = await listPosts(db, {
      followedBy: person.id,
      limit: 1,
      offset: (options.deepPage - 1) * options.pageSize - 1,
    });
    viewers.push({
      email: person.email,
      following: person.following_count,
      deepCursor: anchor ? encodeCursor({ createdAt: anchor.created_at, id: anchor.id }) : null,
    });
  }
  const everyone = await db.selectFrom('profiles').select('id').orderBy('id').execute();
  const excluded = new Set(options.excluded);
  const stride = Math.max(1, Math.floor(everyone.length / 2000));
  const targets = everyone
    .filter((person, index) => index % stride === 0 && !excluded.has(person.id))
    .map((person) => person.id);
  return { viewers, targets };
}

export function followingFeedPath(cursor: string | null): string {
  return `/api/posts?feed=following&limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

/** Each viewer reads their own Following feed at their own cursor, in turn. */
export function runFollowingFeed(
  baseUrl: string,
  readers: readonly { token: string; path: string }[],
  settings: LoadSettings,
): Promise<LoadResult> {
  const requests: RequestSpec[] = readers.map((reader) => ({
    method: 'GET',
    path: reader.path,
    headers: { authorization: `Bearer ${reader.token}` },
  }));
  return runLoad({ url: baseUrl, ...settings, requests });
}

export function runSuggestions(
  baseUrl: string,
  tokens: readonly string[],
  settings: LoadSettings,
): Promise<LoadResult> {
  const requests: RequestSpec[] = tokens.map((token) => ({
    method: 'GET',
    path: '/api/suggestions?limit=5',
    headers: { authorization: `Bearer ${token}` },
  }));
  return runLoad({ url: baseUrl, ...settings, requests });
}

/**
 * The slowest of one request per reader, made one at a time before any load: what a reader
 * waits for when nothing of theirs is cached yet (the load figures are mostly cache hits).
 */
export async function slowestFirstRequest(
  baseUrl: string,
  readers: readonly { token: string; path: string }[],
): Promise<number> {
  let slowest = 0;
  for (const reader of readers) {
    const started = performance.now();
    const response = await fetch(baseUrl + reader.path, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${reader.path}: ${response.status}`);
    slowest = Math.max(slowest, performance.now() - started);
  }
  return slowest;
}

/** Each connection follows someone as one of several people, then unfollows them. */
export function runFollows(
  baseUrl: string,
  tokens: readonly string[],
  targetIds: readonly string[],
  settings: LoadSettings,
): Promise<LoadResult> {
  const groups = turns(tokens.length * targetIds.length, (turn) => {
    const token = tokens[(turn + 1) % tokens.length]!;
    // A stride co-prime with most list sizes spreads the writes over every target.
    const targetId = targetIds[((turn + 1) * 7919) % targetIds.length]!;
    const headers = { authorization: `Bearer ${token}` };
    const path = `/api/profiles/${targetId}/follow`;
    return [
      { method: 'PUT', path, headers },
      { method: 'DELETE', path, headers },
    ];
  });
  return runLoad({ url: baseUrl, ...settings, groups });
}
