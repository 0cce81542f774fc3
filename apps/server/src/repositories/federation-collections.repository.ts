import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * A page of a person's followers or of the people they follow, newest follow first: each a local
 * username (actor_url null) or a remote person's actor URL. Suspended accounts are left out.
 */
export async function listFollowActors(
  db: Kysely<DB>,
  userId: string,
  side: 'followers' | 'following',
  page: { limit: number; offset: number },
): Promise<
  {
    username: string;
    actor_url: string | null;
    inbox_url: string | null;
    shared_inbox_url: string | null;
  }[]
> {
  const [mine, theirs] =
    side === 'followers'
      ? (['follows.followee_id', 'follows.follower_id'] as const)
      : (['follows.follower_id', 'follows.followee_id'] as const);
  return db
    .selectFrom('follows')
    .innerJoin('profiles', 'profiles.id', theirs)
    .leftJoin('remote_actors', 'remote_actors.profile_id', 'profiles.id')
    .select([
      'profiles.username',
      'remote_actors.actor_url',
      'remote_actors.inbox_url',
      'remote_actors.shared_inbox_url',
    ])
    .where(mine, '=', userId)
    .where('profiles.suspended_at', 'is', null)
    .orderBy('follows.created_at', 'desc')
    .orderBy(theirs, 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
