import { sql, type Kysely } from 'kysely';
import type { DB, NotificationsTable } from '../db/schema';
import type { PersonRow } from './people-lists.repository';
import type { PostPosition } from './posts.repository';

export type NotificationType = NotificationsTable['type'];

export interface NewNotification {
  id: string;
  user_id: string;
  actor_id: string;
  type: NotificationType;
  post_id: string | null;
  comment_id: string | null;
  created_at: string;
}

/**
 * Tells a post's author of someone's like or comment, in one statement that also finds the
 * author and leaves them out when they are the actor. The author's id, or null when nobody was
 * told (their own post, or no such post).
 */
export async function notifyPostAuthor(
  db: Kysely<DB>,
  notification: Omit<NewNotification, 'user_id' | 'post_id'> & { post_id: string },
): Promise<string | null> {
  const row = await db
    .insertInto('notifications')
    .columns(['id', 'user_id', 'actor_id', 'type', 'post_id', 'comment_id', 'created_at'])
    .expression(
      db
        .selectFrom('posts')
        .select((eb) => [
          eb.val(notification.id).as('id'),
          'posts.user_id',
          eb.val(notification.actor_id).as('actor_id'),
          eb.val(notification.type).as('type'),
          'posts.id as post_id',
          eb.val(notification.comment_id).as('comment_id'),
          eb.val(notification.created_at).as('created_at'),
        ])
        .where('posts.id', '=', notification.post_id)
        .where('posts.user_id', '<>', notification.actor_id),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Removes the like notification of an unlike (served by notifications_by_action). */
export async function deleteLikeNotification(
  db: Kysely<DB>,
  actorId: string,
  postId: string,
): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('actor_id', '=', actorId)
    .where('type', '=', 'like')
    .where('user_id', '=', (eb) =>
      eb.selectFrom('posts').select('posts.user_id').where('posts.id', '=', postId),
    )
    .where('post_id', '=', postId)
    .execute();
}

export async function insertNotifications(
  db: Kysely<DB>,
  notifications: readonly NewNotification[],
): Promise<void> {
  if (notifications.length === 0) return;
  await db
    .insertInto('notifications')
    .values([...notifications])
    .execute();
}

/**
 * Removes a notification about a follow between two people: the follow of an unfollow, or a
 * follow request that was answered or withdrawn (served by notifications_by_action).
 */
export async function deleteFollowNotification(
  db: Kysely<DB>,
  followerId: string,
  followeeId: string,
  type: 'follow' | 'follow_request' = 'follow',
): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('actor_id', '=', followerId)
    .where('type', '=', type)
    .where('user_id', '=', followeeId)
    .where('post_id', 'is', null)
    .execute();
}

/** Who a caption's mention notifications went to (its author is the actor). */
export async function listCaptionMentionRecipients(
  db: Kysely<DB>,
  authorId: string,
  postId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('user_id')
    .where('actor_id', '=', authorId)
    .where('type', '=', 'mention')
    .where('post_id', '=', postId)
    .where('comment_id', 'is', null)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Removes the caption mention notifications of people the caption no longer names. */
export async function deleteCaptionMentions(
  db: Kysely<DB>,
  authorId: string,
  postId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('notifications')
    .where('actor_id', '=', authorId)
    .where('type', '=', 'mention')
    .where('user_id', 'in', userIds)
    .where('post_id', '=', postId)
    .where('comment_id', 'is', null)
    .execute();
}

/**
 * The people with these usernames (stored and compared in lowercase), leaving out suspended
 * accounts: they are not there for anyone, so a mention of one is neither a link nor news.
 */
export async function findPeopleByUsernames(
  db: Kysely<DB>,
  usernames: readonly string[],
): Promise<{ id: string; username: string }[]> {
  if (usernames.length === 0) return [];
  return db
    .selectFrom('profiles')
    .select(['id', 'username'])
    .where('username', 'in', usernames)
    .where('suspended_at', 'is', null)
    .execute();
}

export interface NotificationRow {
  id: string;
  type: NotificationType;
  created_at: string;
  read_at: string | null;
  actor: PersonRow;
  /** Whether the person whose notifications these are follows the actor. */
  actor_followed: boolean;
  post: { id: string; file_key: string; variants: string; author_is_private: number } | null;
  comment: { id: string; content: string } | null;
}

export interface NotificationPageRows {
  rows: NotificationRow[];
  /** The person's unread notifications up to the cap; null when no row came back to carry it. */
  unreadCount: number | null;
}

/**
 * One page of a person's notifications, newest first, each with who did it (and whether the
 * person follows them), the post's first photo and the comment, and how many are unread (up to
 * `unreadCap`): one statement, served in order by notifications_newest.
 *
 * Shaped for PostgreSQL's CPU, which this page spends mostly outside the rows it reads. Each
 * statement costs a round trip and a wake-up on each side, so the page, the unread count and the
 * follow checks, three statements before, are one: the count is an uncorrelated subquery run once
 * (at most `unreadCap` entries of notifications_unread), the follow check a probe of follows_pair
 * (or one read of the person's follows, hashed). And planning a join grows quickly with its
 * tables: with the post's author and the comment joined too, planning took 0.8 ms to the 0.25 ms
 * of running it; looked up per row as subqueries (a primary-key probe each, only for the rows
 * returned), it takes 0.4 ms, with the same rows.
 */
export async function listNotifications(
  db: Kysely<DB>,
  userId: string,
  options: { limit: number; after?: PostPosition; unreadCap: number },
): Promise<NotificationPageRows> {
  let query = db
    .selectFrom('notifications')
    .innerJoin('profiles as actor', 'actor.id', 'notifications.actor_id')
    .leftJoin('posts', 'posts.id', 'notifications.post_id')
    .select((eb) => [
      'notifications.id',
      'notifications.type',
      'notifications.created_at',
      'notifications.read_at',
      'actor.id as actor_id',
      'actor.username as actor_username',
      'actor.full_name as actor_full_name',
      'actor.avatar_key as actor_avatar_key',
      'actor.is_verified as actor_is_verified',
      eb
        .exists(
          eb
            .selectFrom('follows')
            .select('follows.followee_id')
            .where('follows.follower_id', '=', userId)
            .whereRef('follows.followee_id', '=', 'notifications.actor_id'),
        )
        .as('actor_followed'),
      'posts.id as post_id',
      // The first photo, by the (post_id, position) key, as the author's privacy is below.
      eb
        .selectFrom('media_attachments as cover')
        .select('cover.file_key')
        .whereRef('cover.post_id', '=', 'posts.id')
        .where('cover.position', '=', 0)
        .as('post_file_key'),
      eb
        .selectFrom('media_attachments as cover')
        .select('cover.variants')
        .whereRef('cover.post_id', '=', 'posts.id')
        .where('cover.position', '=', 0)
        .as('post_variants'),
      eb
        .selectFrom('profiles as author')
        .select('author.is_private')
        .whereRef('author.id', '=', 'posts.user_id')
        .as('author_is_private'),
      'notifications.comment_id',
      eb
        .selectFrom('comments')
        .select('comments.content')
        .whereRef('comments.id', '=', 'notifications.comment_id')
        .as('comment_content'),
      eb
        .selectFrom(unreadEntries(db, userId, options.unreadCap).as('unread'))
        .select((inner) => inner.fn.countAll<number | string>().as('count'))
        .as('unread_count'),
    ])
    .where('notifications.user_id', '=', userId)
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(options.limit);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('notifications.created_at', 'notifications.id'),
        '<',
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  const rows = await query.execute();
  const first = rows[0];
  return {
    rows: rows.map((row) => ({
      id: row.id,
      type: row.type,
      created_at: row.created_at,
      read_at: row.read_at,
      actor: {
        id: row.actor_id,
        username: row.actor_username,
        full_name: row.actor_full_name,
        avatar_key: row.actor_avatar_key,
        is_verified: row.actor_is_verified,
      },
      // PostgreSQL answers a boolean, SQLite 0 or 1.
      actor_followed: Boolean(row.actor_followed),
      post:
        row.post_id !== null && row.post_file_key !== null
          ? {
              id: row.post_id,
              file_key: row.post_file_key,
              variants: row.post_variants ?? '',
              author_is_private: row.author_is_private ?? 0,
            }
          : null,
      comment:
        row.comment_id !== null && row.comment_content !== null
          ? { id: row.comment_id, content: row.comment_content }
          : null,
    })),
    // PostgreSQL answers count(*) as a bigint, in text.
    unreadCount: first ? Number(first.unread_count) : null,
  };
}

/**
 * A person's unread notifications, at most `cap` of them, in the order of notifications_unread
 * (a no-op, both columns are fixed): PostgreSQL then reads that index, where it guessed a
 * sequential scan would meet `cap` rows soon enough.
 */
function unreadEntries(db: Kysely<DB>, userId: string, cap: number) {
  return db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .orderBy('user_id')
    .orderBy('read_at')
    .limit(cap);
}

/** People counted in one statement (SQLite allows 500 terms in a compound select). */
const countChunk = 200;

/**
 * How many unread notifications each of these people has, counted up to `cap` (absent: none).
 * Each person's count reads at most `cap` entries of notifications_unread, however many are
 * unread: one `union all` term per person, each with its own limit.
 */
export async function countUnread(
  db: Kysely<DB>,
  userIds: readonly string[],
  cap: number,
): Promise<Map<string, number>> {
  const chunks: string[][] = [];
  for (let start = 0; start < userIds.length; start += countChunk) {
    chunks.push(userIds.slice(start, start + countChunk));
  }
  const counted = await Promise.all(
    chunks.map((chunk) => {
      const terms = chunk.map((userId) =>
        db
          .selectFrom(unreadEntries(db, userId, cap).as('unread'))
          .select([
            sql<string>`cast(${userId} as text)`.as('user_id'),
            (eb) => eb.fn.countAll<number>().as('count'),
          ]),
      );
      const [first, ...rest] = terms;
      if (!first) return Promise.resolve([]);
      return rest.reduce((query, term) => query.unionAll(term), first).execute();
    }),
  );
  const counts = new Map<string, number>();
  for (const row of counted.flat()) {
    const count = Number(row.count);
    if (count > 0) counts.set(row.user_id, count);
  }
  return counts;
}

/** Marks every unread notification of a person read (served by notifications_unread). */
export async function markAllRead(db: Kysely<DB>, userId: string, at: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}
