import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Adds the follow unless it exists; true when a row was added. */
export async function insertFollow(
  db: Kysely<DB>,
  follow: { follower_id: string; followee_id: string; created_at: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('follows')
    .values(follow)
    .onConflict((conflict) => conflict.columns(['follower_id', 'followee_id']).doNothing())
    .returning('follower_id')
    .execute();
  return rows.length > 0;
}

/** Removes the follow if present; true when a row was removed. */
export async function deleteFollow(
  db: Kysely<DB>,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const rows = await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .returning('follower_id')
    .execute();
  return rows.length > 0;
}

/**
 * Moves both counters of a follow in the caller's transaction; returns the followee's new
 * `followers_count`. The two rows are updated in id order, so two transactions following each
 * other (A→B and B→A) lock them in the same order and never deadlock on PostgreSQL.
 */
export async function addToFollowCounts(
  db: Kysely<DB>,
  followerId: string,
  followeeId: string,
  delta: number,
): Promise<number> {
  let followersCount = 0;
  const [first, second] =
    followerId < followeeId ? [followerId, followeeId] : [followeeId, followerId];
  for (const id of [first, second]) {
    const row = await db
      .updateTable('profiles')
      .set((eb) =>
        id === followeeId
          ? { followers_count: eb('followers_count', '+', delta) }
          : { following_count: eb('following_count', '+', delta) },
      )
      .where('id', '=', id)
      .returning('followers_count')
      .executeTakeFirstOrThrow();
    if (id === followeeId) followersCount = row.followers_count;
  }
  return followersCount;
}

export async function isFollowing(
  db: Kysely<DB>,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How the viewer and another person stand: each way of following, and a pending request. */
export async function findRelationship(
  db: Kysely<DB>,
  viewerId: string,
  otherId: string,
): Promise<{ followedByMe: boolean; followsMe: boolean; requestedByMe: boolean }> {
  const [follows, request] = await Promise.all([
    db
      .selectFrom('follows')
      .select('follower_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', viewerId), eb('followee_id', '=', otherId)]),
          eb.and([eb('follower_id', '=', otherId), eb('followee_id', '=', viewerId)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('follow_requests')
      .select('requester_id')
      .where('requester_id', '=', viewerId)
      .where('target_id', '=', otherId)
      .executeTakeFirst(),
  ]);
  return {
    followedByMe: follows.some((row) => row.follower_id === viewerId),
    followsMe: follows.some((row) => row.follower_id === otherId),
    requestedByMe: request !== undefined,
  };
}

/** Which of these people the viewer follows: one query for a whole list. */
export async function followedAmong(
  db: Kysely<DB>,
  viewerId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('followee_id')
    .where('follower_id', '=', viewerId)
    .where('followee_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.followee_id));
}

/**
 * The people `followerId` followed most recently, at most `limit` (served by
 * follows_following_list): where their suggestions start.
 */
export async function listRecentFolloweeIds(
  db: Kysely<DB>,
  followerId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .orderBy('created_at', 'desc')
    .orderBy('followee_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.followee_id);
}

/** Adds a request unless one is pending; true when a row was added. */
export async function insertFollowRequest(
  db: Kysely<DB>,
  request: { requester_id: string; target_id: string; created_at: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('follow_requests')
    .values(request)
    .onConflict((conflict) => conflict.columns(['requester_id', 'target_id']).doNothing())
    .returning('requester_id')
    .execute();
  return rows.length > 0;
}

/** Removes a pending request; true when there was one. */
export async function deleteFollowRequest(
  db: Kysely<DB>,
  requesterId: string,
  targetId: string,
): Promise<boolean> {
  const rows = await db
    .deleteFrom('follow_requests')
    .where('requester_id', '=', requesterId)
    .where('target_id', '=', targetId)
    .returning('requester_id')
    .execute();
  return rows.length > 0;
}

/** Every pending requester of `targetId`: approved together when the account goes public. */
export async function listRequesterIds(db: Kysely<DB>, targetId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('follow_requests')
    .select('requester_id')
    .where('target_id', '=', targetId)
    .execute();
  return rows.map((row) => row.requester_id);
}

/**
 * How many of a person's followers and followees are suspended: the counts on their profile leave
 * them out while the rows stay (an unsuspension brings them back). Starts from the few suspended
 * accounts (profiles_suspended) and probes the follows key for each, whatever the person's size.
 */
export async function countSuspendedFollows(
  db: Kysely<DB>,
  personId: string,
): Promise<{ followers: number; following: number }> {
  const row = await db
    .selectFrom('profiles as suspended')
    .where('suspended.suspended_at', 'is not', null)
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('follows')
                  .select('follows.follower_id')
                  .whereRef('follows.follower_id', '=', 'suspended.id')
                  .where('follows.followee_id', '=', personId),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('followers'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('follows')
                  .select('follows.followee_id')
                  .where('follows.follower_id', '=', personId)
                  .whereRef('follows.followee_id', '=', 'suspended.id'),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('following'),
    ])
    .executeTakeFirst();
  return { followers: Number(row?.followers ?? 0), following: Number(row?.following ?? 0) };
}

/** Which of these people follow `followeeId` (may see a private account's posts). */
export async function followersAmong(
  db: Kysely<DB>,
  followeeId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('followee_id', '=', followeeId)
    .where('follower_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.follower_id));
}
