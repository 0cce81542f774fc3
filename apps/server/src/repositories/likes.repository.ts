import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import { contentVisibleTo } from './content-access';
import { followersOnlyVisibleTo } from './remote-posts.repository';
import { notBlockedWith } from './blocks.repository';
import type { ListedPersonRow, PeoplePageOptions } from './people-lists.repository';
import { personColumns } from './people-lists.repository';

/** Inserts the like unless it exists; true when a row was added. */
export async function insertLike(
  db: Kysely<DB>,
  like: { id: string; post_id: string; user_id: string; created_at: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('likes')
    .values(like)
    .onConflict((conflict) => conflict.columns(['post_id', 'user_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Deletes the like if present; true when a row was removed. */
export async function deleteLike(db: Kysely<DB>, postId: string, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('likes')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export interface LikeOutcome {
  /** False when the post is not there for the viewer (nothing was written). */
  visible: boolean;
  /** A like row was really added or removed. */
  changed: boolean;
  likesCount: number;
  /** The liker is a person of another server (the like came through the inbox). */
  likerRemote: boolean;
  /** The post's author is a person of another server: no notification is written here. */
  authorRemote: boolean;
}

/**
 * Sets or clears a like on PostgreSQL in ONE statement, outside any transaction: the post's
 * access rules (contentVisibleTo), the like row, the counter moved only when the row really
 * changed, and the author's notification (as notifyOfLike writes it on SQLite: never for one's
 * own post, never for a remote author, one per like) or its removal, and which of the two people
 * are of another server (for the like's event). One round trip instead of eight, the like and its
 * notification commit together, and the post's row lock, which concurrent likes of one post
 * queue on, is held only while the statement runs. Undefined when there is no such post.
 */
export async function setLikeInOneStatement(
  db: Kysely<DB>,
  like: {
    id: string;
    notificationId: string;
    postId: string;
    userId: string;
    createdAt: string;
    liked: boolean;
  },
): Promise<LikeOutcome | undefined> {
  const viewer = like.userId;
  const write = like.liked
    ? sql`insert into likes (id, post_id, user_id, created_at)
          select ${like.id}, post_id, ${viewer}, ${like.createdAt} from access where visible
          on conflict (post_id, user_id) do nothing
          returning post_id`
    : sql`delete from likes
          where post_id = (select post_id from access where visible) and user_id = ${viewer}
          returning post_id`;
  // Writing CTEs run whether or not the final select reads them. The notification is not
  // looked for first: the statement's snapshot may still show one an unlike committing meanwhile
  // removes (the like's insert waits for that unlike, the snapshot does not move), so one left
  // over is removed and a fresh one written: exactly one while the like is there.
  const removeNotification = sql`delete from notifications
    where actor_id = ${viewer} and type = 'like'
      and post_id = (select post_id from written)
      and user_id = (select author_id from access)`;
  const notification = like.liked
    ? sql`replaced as (${removeNotification}),
          told as (
            insert into notifications (id, user_id, actor_id, type, post_id, comment_id, created_at)
            select ${like.notificationId}, access.author_id, ${viewer}, 'like', written.post_id,
              null, ${like.createdAt}
            from written cross join access
            where access.author_id <> ${viewer} and not access.author_remote
          )`
    : sql`untold as (${removeNotification})`;
  const { rows } = await sql<{
    visible: boolean;
    changed: boolean;
    likes_count: number;
    liker_remote: boolean;
    author_remote: boolean;
  }>`
    with access as (
      select posts.id as post_id, posts.user_id as author_id, posts.likes_count,
        ${contentVisibleTo(viewer)} and ${followersOnlyVisibleTo(viewer)} as visible,
        -- A person of another server is user@host.
        strpos(profiles.username, '@') > 0 as author_remote,
        coalesce((select strpos(liker.username, '@') > 0 from profiles as liker
          where liker.id = ${viewer}), false) as liker_remote
      from posts inner join profiles on profiles.id = posts.user_id
      where posts.id = ${like.postId}
    ),
    written as (${write}),
    counted as (
      update posts set likes_count = likes_count + ${like.liked ? 1 : -1}
      where id = (select post_id from written)
      returning likes_count
    ),
    ${notification}
    select access.visible,
      exists (select 1 from written) as changed,
      coalesce((select likes_count from counted), access.likes_count) as likes_count,
      access.liker_remote, access.author_remote
    from access`.execute(db);
  const row = rows[0];
  return (
    row && {
      visible: row.visible,
      changed: row.changed,
      likesCount: row.likes_count,
      likerRemote: row.liker_remote,
      authorRemote: row.author_remote,
    }
  );
}

/** Which of these posts the user has liked: one query for a whole page. */
export async function likedPostIds(
  db: Kysely<DB>,
  userId: string,
  postIds: readonly string[],
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('likes')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', postIds)
    .execute();
  return new Set(rows.map((row) => row.post_id));
}

/**
 * One page of the people who liked a post, newest like first (served by `likes_by_post`), keyset
 * by (like time, person). Suspended accounts are left out, and with a viewer, the people they
 * blocked or who blocked them.
 */
export function listLikers(
  db: Kysely<DB>,
  postId: string,
  options: PeoplePageOptions,
): Promise<ListedPersonRow[]> {
  let query = db
    .selectFrom('likes')
    .innerJoin('profiles', 'profiles.id', 'likes.user_id')
    .select([...personColumns, 'likes.created_at as listed_at'])
    .where('likes.post_id', '=', postId)
    .where('profiles.suspended_at', 'is', null)
    .orderBy('likes.created_at', 'desc')
    .orderBy('likes.user_id', 'desc')
    .limit(options.limit);
  if (options.viewerId) query = query.where(notBlockedWith(options.viewerId, 'likes.user_id'));
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('likes.created_at', 'likes.user_id'),
        '<',
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  return query.execute();
}
