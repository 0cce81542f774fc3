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
