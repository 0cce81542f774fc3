import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PersonRow } from './follows.repository';

export type SuggestedRow = PersonRow & {
  /** How many of the people the viewer follows follow this person. */
  mutuals: number;
};

const personColumns = [
  'profiles.id',
  'profiles.username',
  'profiles.full_name',
  'profiles.avatar_key',
  'profiles.is_verified',
] as const;

/**
 * People followed by the people the viewer follows, most such follows first, leaving out the
 * viewer, whoever they follow and whoever they asked to follow.
 */
export async function listFriendsOfFriends(
  db: Kysely<DB>,
  viewerId: string,
  limit: number,
): Promise<SuggestedRow[]> {
  const rows = await db
    .selectFrom('follows as mine')
    .innerJoin('follows as theirs', 'theirs.follower_id', 'mine.followee_id')
    .innerJoin('profiles', 'profiles.id', 'theirs.followee_id')
    .select([...personColumns, (eb) => eb.fn.countAll<number>().as('mutuals')])
    .where('mine.follower_id', '=', viewerId)
    .where('theirs.followee_id', '!=', viewerId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('follows')
            .select('follows.followee_id')
            .where('follows.follower_id', '=', viewerId)
            .whereRef('follows.followee_id', '=', 'theirs.followee_id'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('follow_requests')
            .select('follow_requests.target_id')
            .where('follow_requests.requester_id', '=', viewerId)
            .whereRef('follow_requests.target_id', '=', 'theirs.followee_id'),
        ),
      ),
    )
    .groupBy(personColumns)
    .orderBy('mutuals', 'desc')
    .orderBy('profiles.followers_count', 'desc')
    .orderBy('profiles.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, mutuals: Number(row.mutuals) }));
}

/** For each suggested person, one of the viewer's followees who follows them (first by name). */
export async function listMutualNames(
  db: Kysely<DB>,
  viewerId: string,
  suggestedIds: readonly string[],
): Promise<Map<string, string>> {
  if (suggestedIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('follows as mine')
    .innerJoin('follows as theirs', 'theirs.follower_id', 'mine.followee_id')
    .innerJoin('profiles', 'profiles.id', 'mine.followee_id')
    .select([
      'theirs.followee_id as suggested_id',
      (eb) => eb.fn.min('profiles.username').as('username'),
    ])
    .where('mine.follower_id', '=', viewerId)
    .where('theirs.followee_id', 'in', suggestedIds)
    .groupBy('theirs.followee_id')
    .execute();
  return new Map(rows.map((row) => [row.suggested_id, String(row.username)]));
}

/**
 * The most followed people (walking profiles_popular), leaving out the viewer, whoever they
 * follow or asked to follow, and `exclude`.
 */
export async function listPopular(
  db: Kysely<DB>,
  viewerId: string | null,
  limit: number,
  exclude: readonly string[] = [],
): Promise<PersonRow[]> {
  let query = db
    .selectFrom('profiles')
    .select(personColumns)
    .orderBy('profiles.followers_count', 'desc')
    .orderBy('profiles.id')
    .limit(limit);
  if (exclude.length > 0) query = query.where('profiles.id', 'not in', exclude);
  if (viewerId !== null) {
    query = query
      .where('profiles.id', '!=', viewerId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('follows')
              .select('follows.followee_id')
              .where('follows.follower_id', '=', viewerId)
              .whereRef('follows.followee_id', '=', 'profiles.id'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('follow_requests')
              .select('follow_requests.target_id')
              .where('follow_requests.requester_id', '=', viewerId)
              .whereRef('follow_requests.target_id', '=', 'profiles.id'),
          ),
        ),
      );
  }
  return query.execute();
}
