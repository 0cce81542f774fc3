/**
 * Queries the seed's tests read a seeded database with: row counts, every post photo's keys, and
 * the shape of the follows. Test-only, so they live here and not among the repositories.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface TableCounts {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  follows: number;
}

export async function countRows(db: Kysely<DB>): Promise<TableCounts> {
  const count = async (table: keyof TableCounts) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return {
    users: await count('users'),
    posts: await count('posts'),
    likes: await count('likes'),
    comments: await count('comments'),
    follows: await count('follows'),
  };
}

/** Every post attachment's keys, by post and position: tests check that each file exists. */
export function listPostMedia(db: Kysely<DB>) {
  return db
    .selectFrom('media_attachments')
    .select(['post_id', 'position', 'file_key', 'variants', 'alt_text'])
    .orderBy('post_id')
    .orderBy('position')
    .execute();
}

/**
 * The spread of follows over people (tests check its shape), and follows of oneself or made twice
 * (the primary key forbids the second; only the seed's care the first).
 */
export async function describeFollows(db: Kysely<DB>) {
  const perFollowee = await db
    .selectFrom('profiles')
    .leftJoin('follows', 'follows.followee_id', 'profiles.id')
    .select((eb) => eb.fn.count<number>('follows.follower_id').as('followers'))
    .groupBy('profiles.id')
    .execute();
  const perFollower = await db
    .selectFrom('profiles')
    .leftJoin('follows', 'follows.follower_id', 'profiles.id')
    .select((eb) => eb.fn.count<number>('follows.followee_id').as('following'))
    .groupBy('profiles.id')
    .execute();
  const selfFollows = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .whereRef('follower_id', '=', 'followee_id')
    .executeTakeFirstOrThrow();
  const duplicates = await db
    .selectFrom('follows')
    .select(['follower_id', 'followee_id'])
    .groupBy(['follower_id', 'followee_id'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  const sortedDescending = (values: number[]) => values.sort((a, b) => b - a);
  return {
    followersPerPerson: sortedDescending(perFollowee.map((row) => Number(row.followers))),
    followingPerPerson: sortedDescending(perFollower.map((row) => Number(row.following))),
    selfFollows: Number(selfFollows.count),
    duplicates: duplicates.length,
  };
}
