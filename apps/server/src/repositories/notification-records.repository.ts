import { sql, type Expression, type Kysely } from 'kysely';
import { dialectOf } from '../db/dialect-of';
import { heldAgainstChanges, heldAgainstDeletes } from '../db/row-holds';
import type { DB } from '../db/schema';
import type { NotificationType } from './notifications.repository';

/*
 * Notifications recorded after their action committed (services/notifications.service.ts, told
 * by the domain events). Each reads the action's row and holds it until the write commits
 * (db/row-holds.ts): an undo committing meanwhile waits, then finds what was written and removes
 * it; an undo that committed first leaves no row to write from.
 */

/**
 * The notification `actorId` already gave `recipient` of this (served by notifications_by_action):
 * a like or follow is news once, however late its event arrives. `recipient` may be a column of
 * the statement it is used in.
 */
function alreadyTold(
  db: Kysely<DB>,
  told: { actorId: string; type: NotificationType; postId: string | null },
  recipient: Expression<string> | string,
) {
  return db
    .selectFrom('notifications as told')
    .select('told.id')
    .where('told.actor_id', '=', told.actorId)
    .where('told.type', '=', told.type)
    .where('told.user_id', '=', recipient)
    .where('told.post_id', told.postId === null ? 'is' : '=', told.postId);
}

/**
 * Tells a post's author of a like, from the like's row, inside the like's own transaction
 * (SQLite's; PostgreSQL writes it in the like's one statement, like-writes.repository.ts): never the
 * author's own like, never twice.
 */
export async function notifyOfLike(
  db: Kysely<DB>,
  like: { id: string; actorId: string; postId: string; createdAt: string },
): Promise<void> {
  const source = db
    .selectFrom('likes')
    .innerJoin('posts', 'posts.id', 'likes.post_id')
    .select((eb) => [
      eb.val(like.id).as('id'),
      'posts.user_id',
      'likes.user_id as actor_id',
      eb.val('like' as const).as('type'),
      'posts.id as post_id',
      eb.val(null).as('comment_id'),
      eb.val(like.createdAt).as('created_at'),
    ])
    .where('likes.post_id', '=', like.postId)
    .where('likes.user_id', '=', like.actorId)
    .where('posts.user_id', '<>', like.actorId)
    .where((eb) =>
      eb.not(
        eb.exists(
          alreadyTold(
            db,
            { actorId: like.actorId, type: 'like', postId: like.postId },
            sql.ref<string>('posts.user_id'),
          ),
        ),
      ),
    );
  await db
    .insertInto('notifications')
    .columns(['id', 'user_id', 'actor_id', 'type', 'post_id', 'comment_id', 'created_at'])
    .expression(source)
    .execute();
}

/** A notification between two people (no post), with values given; `readAt` null: unread. */
interface PersonNotification {
  id: string;
  userId: string;
  actorId: string;
  type: 'follow' | 'follow_request' | 'follow_accepted';
  createdAt: string;
  readAt: string | null;
}

const personNotificationColumns = [
  'id',
  'user_id',
  'actor_id',
  'type',
  'post_id',
  'comment_id',
  'created_at',
  'read_at',
] as const;

function personNotificationValues(notification: PersonNotification) {
  return [
    sql<string>`${notification.id}`.as('id'),
    sql<string>`${notification.userId}`.as('user_id'),
    sql<string>`${notification.actorId}`.as('actor_id'),
    sql<string>`${notification.type}`.as('type'),
    sql<null>`null`.as('post_id'),
    sql<null>`null`.as('comment_id'),
    sql<string>`${notification.createdAt}`.as('created_at'),
    sql<string | null>`${notification.readAt}`.as('read_at'),
  ];
}

/**
 * Tells someone of a follow while `followerId` follows `followeeId` (the row held until the
 * insert commits, as for a like): the one followed of the follow, or the one whose request was
 * approved of that. `once`: not when the actor already told them (a follow is news once).
 */
export async function notifyWhileFollowing(
  db: Kysely<DB>,
  follow: { followerId: string; followeeId: string },
  notification: PersonNotification & { once: boolean },
): Promise<void> {
  let source = db
    .selectFrom('follows')
    .select(personNotificationValues(notification))
    .where('follower_id', '=', follow.followerId)
    .where('followee_id', '=', follow.followeeId);
  if (notification.once) {
    const told = alreadyTold(db, { ...notification, postId: null }, notification.userId);
    source = source.where((eb) => eb.not(eb.exists(told)));
  }
  await db
    .insertInto('notifications')
    .columns(personNotificationColumns)
    .expression(heldAgainstDeletes(source, dialectOf(db)))
    .execute();
}

/** Tells a private account's owner of a request while it waits (held, as above), once. */
export async function notifyWhileRequested(
  db: Kysely<DB>,
  request: { requesterId: string; ownerId: string; id: string; createdAt: string },
): Promise<void> {
  const notification: PersonNotification = {
    id: request.id,
    userId: request.ownerId,
    actorId: request.requesterId,
    type: 'follow_request',
    createdAt: request.createdAt,
    readAt: null,
  };
  const told = alreadyTold(db, { ...notification, postId: null }, request.ownerId);
  const source = db
    .selectFrom('follow_requests')
    .select(personNotificationValues(notification))
    .where('requester_id', '=', request.requesterId)
    .where('target_id', '=', request.ownerId)
    .where((eb) => eb.not(eb.exists(told)));
  await db
    .insertInto('notifications')
    .columns(personNotificationColumns)
    .expression(heldAgainstDeletes(source, dialectOf(db)))
    .execute();
}

/**
 * A comment, if it still exists, held until the caller's transaction commits (its deletion waits,
 * then takes the notifications written meanwhile with it); with its post's author and whether
 * their account is private (who a mention may reach).
 */
export function findCommentToTell(db: Kysely<DB>, commentId: string) {
  // The author's row is read in subqueries: the hold is on the comment's row alone.
  return heldAgainstDeletes(
    db
      .selectFrom('comments')
      .select((eb) => [
        'comments.post_id',
        'comments.user_id',
        'comments.content',
        eb
          .selectFrom('posts')
          .select('posts.user_id')
          .whereRef('posts.id', '=', 'comments.post_id')
          .as('author_id'),
        eb
          .selectFrom('posts')
          .innerJoin('profiles', 'profiles.id', 'posts.user_id')
          .select('profiles.is_private')
          .whereRef('posts.id', '=', 'comments.post_id')
          .as('author_is_private'),
      ])
      .where('comments.id', '=', commentId),
    dialectOf(db),
  ).executeTakeFirst();
}

/**
 * A post's caption, author and whether their account is private, held unchanged until the
 * caller's transaction commits: an edit waits, and two tellings of one post's mentions take turns.
 */
export function findCaptionToTell(db: Kysely<DB>, postId: string) {
  // The author's row is read in a subquery: the hold is on the post's row alone.
  return heldAgainstChanges(
    db
      .selectFrom('posts')
      .select((eb) => [
        'posts.caption',
        'posts.user_id as author_id',
        eb
          .selectFrom('profiles')
          .select('profiles.is_private')
          .whereRef('profiles.id', '=', 'posts.user_id')
          .as('author_is_private'),
      ])
      .where('posts.id', '=', postId),
    dialectOf(db),
  ).executeTakeFirst();
}
