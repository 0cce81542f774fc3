import { expressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import { personColumns, type PersonRow } from './people-lists.repository';

export type SuggestedRow = PersonRow & {
  /** How many of the walked followees follow this person. */
  mutuals: number;
  /** One of them, first by name: the reason's "Followed by …". */
  mutual_username: string;
};

/**
 * Neither followed nor asked to follow by the viewer (the key of each table answers it). Two
 * plain `NOT EXISTS`, which PostgreSQL turns into anti-joins (an `OR` of them it would not).
 */
function unknownTo(viewerId: string, personId: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<DB, never>();
  return eb.and([
    eb.not(
      eb.exists(
        eb
          .selectFrom('follows')
          .select('follows.followee_id')
          .where('follows.follower_id', '=', viewerId)
          .where('follows.followee_id', '=', personId),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('follow_requests')
          .select('follow_requests.target_id')
          .where('follow_requests.requester_id', '=', viewerId)
          .where('follow_requests.target_id', '=', personId),
      ),
    ),
  ]);
}

/**
 * People followed by the viewer's `walked` most recent followees, most such follows first (then
 * the oldest accounts), leaving out the viewer and whoever they follow or asked to follow.
 * Grouped by person id alone, and the profiles read only for the chosen: a join of every
 * candidate's profile (thousands) cost more than the walk itself.
 */
export async function listFriendsOfFriends(
  db: Kysely<DB>,
  viewerId: string,
  walked: number,
  limit: number,
): Promise<SuggestedRow[]> {
  const rows = await db
    .with('walked', (qb) =>
      qb
        .selectFrom('follows')
        .innerJoin('profiles', 'profiles.id', 'follows.followee_id')
        .select(['follows.followee_id as id', 'profiles.username', 'profiles.suspended_at'])
        .where('follows.follower_id', '=', viewerId)
        .orderBy('follows.created_at', 'desc')
        .orderBy('follows.followee_id', 'desc')
        .limit(walked),
    )
    .with('candidates', (qb) =>
      qb
        .selectFrom('walked')
        .innerJoin('follows as theirs', 'theirs.follower_id', 'walked.id')
        .select([
          'theirs.followee_id as id',
          (eb) => eb.fn.countAll<number>().as('mutuals'),
          (eb) => eb.fn.min('walked.username').as('mutual_username'),
        ])
        // A suspended followee stays walked (the same 100 as the cache's tags) but neither
        // counts nor is named in "Followed by …".
        .where('walked.suspended_at', 'is', null)
        .groupBy('theirs.followee_id'),
    )
    .with('chosen', (qb) =>
      qb
        .selectFrom('candidates')
        .selectAll()
        .where('candidates.id', '!=', viewerId)
        .where((eb) => unknownTo(viewerId, eb.ref('candidates.id')))
        .orderBy('candidates.mutuals', 'desc')
        .orderBy('candidates.id')
        .limit(limit),
    )
    .selectFrom('chosen')
    .innerJoin('profiles', 'profiles.id', 'chosen.id')
    .select([...personColumns, 'chosen.mutuals', 'chosen.mutual_username'])
    // Suspended accounts are suggested to nobody: while suspended they look deleted.
    .where('profiles.suspended_at', 'is', null)
    .orderBy('chosen.mutuals', 'desc')
    .orderBy('chosen.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    mutuals: Number(row.mutuals),
    mutual_username: String(row.mutual_username),
  }));
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
    .where('profiles.suspended_at', 'is', null)
    .orderBy('profiles.followers_count', 'desc')
    .orderBy('profiles.id')
    .limit(limit);
  if (exclude.length > 0) query = query.where('profiles.id', 'not in', exclude);
  if (viewerId !== null) {
    query = query
      .where('profiles.id', '!=', viewerId)
      .where((eb) => unknownTo(viewerId, eb.ref('profiles.id')));
  }
  return query.execute();
}
