import { isRemoteUsername } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../db/dialect-of';
import type { DB } from '../db/schema';
import { isBlockedEitherWay } from './blocks.repository';
import {
  addToFollowCounts,
  deleteFollow,
  deleteFollowRequest,
  insertFollow,
  isFollowing,
} from './follows.repository';
import { notifyWhileFollowing } from './notification-records.repository';
import { deleteFollowNotification } from './notifications.repository';
import { findProfileById } from './profiles.repository';
import { isRemotePerson } from './remote-people.repository';

/**
 * A follow and an unfollow, each in the form its database suits, picked here so the service is
 * the same code on both. The counters move only when a row was really added or removed, so they
 * always equal the rows, and the followed person's notification comes and goes with the follow.
 *
 * PostgreSQL: each ONE statement outside any transaction, the checks, the row, both counters and
 * the notification in one round trip, where they took eleven (a follow is the second busiest
 * write; bench/README.md measures it). Both profile rows are locked in id order first (as
 * addToFollowCounts does), so A→B and B→A at once never deadlock; the locks last only while
 * the statement runs. SQLite has no writing CTEs, and its statements are calls into the process,
 * not round trips: one transaction each.
 */

/** Who follows whom, when, and the id of the followed person's notification if one is written. */
export interface FollowWrite {
  followerId: string;
  followeeId: string;
  createdAt: string;
  notificationId: string;
}

/** Both counters of a follow change, locked in id order; $delta is +1 or -1. */
const movedCounters = (followerId: string, followeeId: string, delta: number, what: string) => sql`
    locked as (
      select id from profiles
      where id in (${followerId}, ${followeeId}) and exists (select 1 from ${sql.table(what)})
      order by id
      for no key update
    ),
    counted as (
      update profiles set
        followers_count = followers_count + case when id = ${followeeId} then ${delta}::int else 0 end,
        following_count = following_count + case when id = ${followerId} then ${delta}::int else 0 end
      where id in (select id from locked)
      returning id, followers_count
    )`;

/**
 * The follow notification of `followerId` to `followeeId`, removed when `what` (a CTE) has a
 * row. A follow added replaces any left over rather than looking for one: the statement's
 * snapshot can still show one that an unfollow committing meanwhile removes.
 */
const removedNotification = (followerId: string, followeeId: string, what: string) => sql`
    delete from notifications
    where actor_id = ${followerId} and type = 'follow' and user_id = ${followeeId}
      and post_id is null and exists (select 1 from ${sql.table(what)})`;

/** Whether a person is of another server (user@host), inside a statement (PostgreSQL). */
const personIsRemote = (profileId: string) =>
  sql<boolean>`coalesce((select strpos(username, '@') > 0 from profiles where id = ${profileId}), false)`;

export interface FollowOutcome {
  /** The target is there and nobody is blocked either way. */
  visible: boolean;
  /** The target is private and the viewer does not follow them: a request, not a follow. */
  needsRequest: boolean;
  added: boolean;
  followersCount: number;
  /** The follower is a person of another server (the follow came through the inbox). */
  followerRemote: boolean;
}

/**
 * Follows a public account of this server, or one the viewer already follows; writes nothing
 * when the follow needs a request (`needsRequest`: a private account, or a person of another
 * server, whose server accepts) or someone is blocked either way. Undefined for nobody.
 */
export function followWithoutRequest(
  db: Kysely<DB>,
  follow: FollowWrite,
): Promise<FollowOutcome | undefined> {
  return dialectOf(db) === 'postgres'
    ? followInOneStatement(db, follow)
    : followInTransaction(db, follow);
}

async function followInOneStatement(
  db: Kysely<DB>,
  follow: FollowWrite,
): Promise<FollowOutcome | undefined> {
  const { followerId, followeeId } = follow;
  const { rows } = await sql<{
    blocked: boolean;
    needs_request: boolean;
    added: boolean;
    followers_count: number;
    follower_remote: boolean;
  }>`
    with target as (
      select profiles.id, profiles.is_private, profiles.followers_count,
        -- A person of another server (user@host) is followed when their server accepts.
        strpos(profiles.username, '@') > 0 as remote,
        exists (
          select 1 from blocks
          where (blocker_id = ${followerId} and blocked_id = profiles.id)
             or (blocker_id = profiles.id and blocked_id = ${followerId})
        ) as blocked,
        exists (
          select 1 from follows where follower_id = ${followerId} and followee_id = profiles.id
        ) as following
      from profiles where profiles.id = ${followeeId}
    ),
    added as (
      insert into follows (follower_id, followee_id, created_at)
      select ${followerId}, id, ${follow.createdAt} from target
      where not blocked and ((is_private = 0 and not remote) or following)
      on conflict (follower_id, followee_id) do nothing
      returning followee_id
    ),
    ${movedCounters(followerId, followeeId, 1, 'added')},
    replaced as (${removedNotification(followerId, followeeId, 'added')}),
    told as (
      insert into notifications (id, user_id, actor_id, type, post_id, comment_id, created_at)
      select ${follow.notificationId}, followee_id, ${followerId}, 'follow', null, null,
        ${follow.createdAt}
      from added
    )
    select target.blocked,
      ((target.is_private <> 0 or target.remote) and not target.following) as needs_request,
      exists (select 1 from added) as added,
      coalesce(
        (select followers_count from counted where id = ${followeeId}),
        target.followers_count
      ) as followers_count,
      ${personIsRemote(followerId)} as follower_remote
    from target`.execute(db);
  const row = rows[0];
  return (
    row && {
      visible: !row.blocked,
      needsRequest: row.needs_request,
      added: row.added,
      followersCount: row.followers_count,
      followerRemote: row.follower_remote,
    }
  );
}

export interface UnfollowOutcome {
  /** A pending request was withdrawn. */
  withdrawn: boolean;
  removed: boolean;
  followersCount: number;
  followerRemote: boolean;
  followeeRemote: boolean;
}

/** Ends a follow and withdraws a pending request; undefined for nobody. */
export function unfollowAndWithdraw(
  db: Kysely<DB>,
  followerId: string,
  followeeId: string,
): Promise<UnfollowOutcome | undefined> {
  return dialectOf(db) === 'postgres'
    ? unfollowInOneStatement(db, followerId, followeeId)
    : unfollowInTransaction(db, followerId, followeeId);
}

async function unfollowInOneStatement(
  db: Kysely<DB>,
  followerId: string,
  followeeId: string,
): Promise<UnfollowOutcome | undefined> {
  const { rows } = await sql<{
    withdrawn: boolean;
    removed: boolean;
    followers_count: number;
    follower_remote: boolean;
    followee_remote: boolean;
  }>`
    with target as (
      select id, followers_count, strpos(username, '@') > 0 as remote
      from profiles where id = ${followeeId}
    ),
    withdrawn as (
      delete from follow_requests
      where requester_id = ${followerId} and target_id = (select id from target)
      returning target_id
    ),
    removed as (
      delete from follows
      where follower_id = ${followerId} and followee_id = (select id from target)
      returning followee_id
    ),
    ${movedCounters(followerId, followeeId, -1, 'removed')},
    untold as (${removedNotification(followerId, followeeId, 'removed')})
    select exists (select 1 from withdrawn) as withdrawn,
      exists (select 1 from removed) as removed,
      coalesce(
        (select followers_count from counted where id = ${followeeId}),
        target.followers_count
      ) as followers_count,
      ${personIsRemote(followerId)} as follower_remote,
      target.remote as followee_remote
    from target`.execute(db);
  const row = rows[0];
  return (
    row && {
      withdrawn: row.withdrawn,
      removed: row.removed,
      followersCount: row.followers_count,
      followerRemote: row.follower_remote,
      followeeRemote: row.followee_remote,
    }
  );
}

/** SQLite's form of followWithoutRequest: the same checks and writes, one transaction. */
function followInTransaction(
  db: Kysely<DB>,
  follow: FollowWrite,
): Promise<FollowOutcome | undefined> {
  const { followerId, followeeId } = follow;
  return db.transaction().execute(async (trx) => {
    const target = await findProfileById(trx, followeeId);
    if (!target) return undefined;
    const blocked = await isBlockedEitherWay(trx, followerId, followeeId);
    const following = await isFollowing(trx, followerId, followeeId);
    const needsRequest =
      !following && (Boolean(target.is_private) || (await isRemotePerson(trx, followeeId)));
    const followerRemote = await isRemotePerson(trx, followerId);
    const unchanged = {
      visible: !blocked,
      needsRequest,
      added: false,
      followersCount: target.followers_count,
      followerRemote,
    };
    if (blocked || needsRequest) return unchanged;
    const added = await insertFollow(trx, {
      follower_id: followerId,
      followee_id: followeeId,
      created_at: follow.createdAt,
    });
    if (!added) return unchanged;
    const followersCount = await addToFollowCounts(trx, followerId, followeeId, 1);
    await notifyWhileFollowing(
      trx,
      { followerId, followeeId },
      {
        id: follow.notificationId,
        userId: followeeId,
        actorId: followerId,
        type: 'follow',
        createdAt: follow.createdAt,
        readAt: null,
        once: true,
      },
    );
    return { visible: true, needsRequest: false, added: true, followersCount, followerRemote };
  });
}

/** SQLite's form of unfollowAndWithdraw: the same writes, one transaction. */
function unfollowInTransaction(
  db: Kysely<DB>,
  followerId: string,
  followeeId: string,
): Promise<UnfollowOutcome | undefined> {
  return db.transaction().execute(async (trx) => {
    const target = await findProfileById(trx, followeeId);
    if (!target) return undefined;
    const parties = {
      followerRemote: await isRemotePerson(trx, followerId),
      followeeRemote: isRemoteUsername(target.username),
    };
    const withdrawn = await deleteFollowRequest(trx, followerId, followeeId);
    const removed = await deleteFollow(trx, followerId, followeeId);
    if (!removed) {
      return { withdrawn, removed, followersCount: target.followers_count, ...parties };
    }
    await deleteFollowNotification(trx, followerId, followeeId);
    const followersCount = await addToFollowCounts(trx, followerId, followeeId, -1);
    return { withdrawn, removed, followersCount, ...parties };
  });
}
