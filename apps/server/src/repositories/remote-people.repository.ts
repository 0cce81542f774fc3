import { isRemoteUsername } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A remote person by their `user@host`, with when their server was last asked about them. */
export function findRemotePersonByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('profiles')
    .innerJoin('remote_actors', 'remote_actors.profile_id', 'profiles.id')
    .select(['profiles.id', 'remote_actors.updated_at'])
    .where('profiles.username', '=', username.toLowerCase())
    .executeTakeFirst();
}

export interface RemoteCounts {
  followers?: number;
  following?: number;
  posts?: number;
}

/**
 * The counts a remote person's server reports for them: shown as they are there, not as the
 * few of their followers and posts this instance happens to know.
 */
export async function updateRemoteCounts(
  db: Kysely<DB>,
  profileId: string,
  counts: RemoteCounts,
): Promise<void> {
  const set = {
    ...(counts.followers === undefined ? {} : { followers_count: counts.followers }),
    ...(counts.following === undefined ? {} : { following_count: counts.following }),
    ...(counts.posts === undefined ? {} : { posts_count: counts.posts }),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('profiles').set(set).where('id', '=', profileId).execute();
}

export async function isRemotePerson(db: Kysely<DB>, profileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_actors')
    .select('profile_id')
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who followed whom with the Follow of this id (ours to a remote person, or theirs to us). */
export function findFollowByActivityId(db: Kysely<DB>, activityId: string) {
  return db
    .selectFrom('remote_follows')
    .select(['follower_id', 'followee_id'])
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
}

/**
 * Which of the two people of an action on a post are of another server: the one acting (a like,
 * a comment) and the post's author. Undefined when there is no such post.
 */
export async function findPostParties(
  db: Kysely<DB>,
  postId: string,
  actorId: string,
): Promise<{ actorRemote: boolean; authorRemote: boolean } | undefined> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('profiles as author', 'author.id', 'posts.user_id')
    .select((eb) => [
      'author.username as author_username',
      eb
        .selectFrom('profiles as actor')
        .select('actor.username')
        .where('actor.id', '=', actorId)
        .as('actor_username'),
    ])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  return (
    row && {
      actorRemote: isRemoteUsername(row.actor_username ?? ''),
      authorRemote: isRemoteUsername(row.author_username),
    }
  );
}

/** Those of these people who are of another server (user@host). */
export async function remotePeopleAmong(
  db: Kysely<DB>,
  profileIds: readonly string[],
): Promise<Set<string>> {
  if (profileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'username'])
    .where('id', 'in', profileIds)
    .execute();
  return new Set(rows.filter((row) => isRemoteUsername(row.username)).map((row) => row.id));
}
