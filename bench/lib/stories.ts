/**
 * The stories rows (issue 20): `GET /api/stories` as the people who follow the most (300 at full
 * size, about a third of whom have live stories in the seed), and marking views, each a new
 * (viewer, story) pair so every request writes a row.
 */
import type { AppContext } from '../../apps/server/src/app-context';
import type { LoadResult, RequestSpec } from './load';
import { runLoad, turns } from './load';
import type { LoadSettings } from './scenarios';

export interface StoryFacts {
  /** Live stories' ids, in a fixed order: the views row walks them. */
  storyIds: string[];
  /** For each tray reader (the keenest followers, in order): how many people with stories they follow. */
  traysOf: number[];
}

/** Read before the server starts, beside the other facts of a seeded database. */
export async function readStoryFacts(
  context: AppContext,
  readerEmails: readonly string[],
  now: number,
): Promise<StoryFacts> {
  const { db } = context.database;
  const live = new Date(now).toISOString();
  const stories = await db
    .selectFrom('stories')
    .select('id')
    .where('expires_at', '>', live)
    .orderBy('id')
    .execute();
  const traysOf: number[] = [];
  for (const email of readerEmails) {
    const row = await db
      .selectFrom('users')
      .innerJoin('follows', 'follows.follower_id', 'users.id')
      .innerJoin('stories', 'stories.user_id', 'follows.followee_id')
      .select((eb) => eb.fn.count<number>('stories.user_id').distinct().as('people'))
      .where('users.email', '=', email)
      .where('stories.expires_at', '>', live)
      .executeTakeFirst();
    traysOf.push(Number(row?.people ?? 0));
  }
  return { storyIds: stories.map((story) => story.id), traysOf };
}

/** Each reader's own trays, in turn (with `headers`, e.g. the Accept-Encoding of a browser). */
export function runStoryTrays(
  baseUrl: string,
  tokens: readonly string[],
  settings: LoadSettings,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const requests: RequestSpec[] = tokens.map((token) => ({
    method: 'GET',
    path: '/api/stories',
    headers: { ...headers, authorization: `Bearer ${token}` },
  }));
  return runLoad({ url: baseUrl, ...settings, requests });
}

/**
 * `PUT /api/stories/:id/view` as several people over every live story: request n is person
 * n mod people viewing story ⌊n / people⌋, so each is a new view until the pairs run out.
 */
export function runStoryViews(
  baseUrl: string,
  tokens: readonly string[],
  storyIds: readonly string[],
  settings: LoadSettings,
): Promise<LoadResult> {
  const groups = turns(tokens.length * storyIds.length, (turn) => [
    {
      method: 'PUT',
      path: `/api/stories/${storyIds[Math.floor(turn / tokens.length) % storyIds.length]!}/view`,
      headers: { authorization: `Bearer ${tokens[turn % tokens.length]!}` },
    },
  ]);
  return runLoad({ url: baseUrl, ...settings, groups });
}
