import { isRemoteUsername } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../db/dialect-of';
import type { DB } from '../db/schema';
import { contentVisibleTo } from './content-access';
import { deleteLike, insertLike } from './likes.repository';
import { notifyOfLike } from './notification-records.repository';
import { deleteLikeNotification } from './notifications.repository';
import { addToLikesCount } from './posts.repository';
import { followersOnlyVisibleTo } from './remote-posts.repository';

/** A like set (`liked`) or cleared by `userId`; the ids are used only when a row is written. */
export interface LikeWrite {
  id: string;
  notificationId: string;
  postId: string;
  userId: string;
  createdAt: string;
  liked: boolean;
}

export interface LikeOutcome {
  /** False when the post is not there for the viewer (nothing was written). */
  visible: boolean;
  /** A like row was really added or removed. */
  changed: boolean;
  /**
   * The id of the like row added or removed (when `changed`): it names the Like activity other
   * servers hear, and its Undo, so a like after an unlike is a new activity, not a repeat.
   */
  likeId?: string;
  likesCount: number;
  /** The liker is a person of another server (the like came through the inbox). */
  likerRemote: boolean;
  /** The post's author is a person of another server: no notification is written here. */
  authorRemote: boolean;
}

/**
 * Sets or clears a like with the post's access rules, the counter moved only when a row was really
 * added or removed (so it always equals the like rows) and the author's notification written or
 * removed with it, never for one's own post: all or nothing, in the form the database suits.
 * PostgreSQL: one statement, one round trip (a like is the busiest write; bench/README.md measures
 * it). SQLite has no writing CTEs, and its statements are calls into the process, not round
 * trips: one transaction. Undefined when there is no such post.
 */
export function setLike(db: Kysely<DB>, like: LikeWrite): Promise<LikeOutcome | undefined> {
  return dialectOf(db) === 'postgres'
    ? setLikeInOneStatement(db, like)
    : setLikeInTransaction(db, like);
}

/**
 * Sets or clears a like on PostgreSQL in ONE statement, outside any transaction: the post's
 * access rules (contentVisibleTo), the like row, the counter moved only when the row really
 * changed, and the author's notification (as notifyOfLike writes it on SQLite: never for one's
 * own post, one per like) or its removal. One round trip instead of eight, the like and its
 * notification commit together, and the post's row lock, which concurrent likes of one post
 * queue on, is held only while the statement runs. Undefined when there is no such post.
 */
async function setLikeInOneStatement(
  db: Kysely<DB>,
  like: LikeWrite,
): Promise<LikeOutcome | undefined> {
  const viewer = like.userId;
  const write = like.liked
    ? sql`insert into likes (id, post_id, user_id, created_at)
          select ${like.id}, post_id, ${viewer}, ${like.createdAt} from access where visible
          on conflict (post_id, user_id) do nothing
          returning post_id, id`
    : sql`delete from likes
          where post_id = (select post_id from access where visible) and user_id = ${viewer}
          returning post_id, id`;
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
    like_id: string | null;
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
      (select id from written) as like_id,
      coalesce((select likes_count from counted), access.likes_count) as likes_count,
      access.liker_remote, access.author_remote
    from access`.execute(db);
  const row = rows[0];
  return (
    row && {
      visible: row.visible,
      changed: row.changed,
      ...(row.like_id ? { likeId: row.like_id } : {}),
      likesCount: row.likes_count,
      likerRemote: row.liker_remote,
      authorRemote: row.author_remote,
    }
  );
}

/** SQLite's form of setLike: the same access rule and writes, one transaction. */
function setLikeInTransaction(db: Kysely<DB>, like: LikeWrite): Promise<LikeOutcome | undefined> {
  const viewer = like.userId;
  return db.transaction().execute(async (trx) => {
    const access = await trx
      .selectFrom('posts')
      .innerJoin('profiles', 'profiles.id', 'posts.user_id')
      .select((eb) => [
        'posts.likes_count',
        'profiles.username as author_username',
        sql<number>`${contentVisibleTo(viewer)} and ${followersOnlyVisibleTo(viewer)}`.as(
          'visible',
        ),
        eb
          .selectFrom('profiles as liker')
          .select('liker.username')
          .where('liker.id', '=', viewer)
          .as('liker_username'),
      ])
      .where('posts.id', '=', like.postId)
      .executeTakeFirst();
    if (!access) return undefined;
    const parties = {
      likerRemote: isRemoteUsername(access.liker_username ?? ''),
      authorRemote: isRemoteUsername(access.author_username),
    };
    const unchanged = { changed: false, likesCount: access.likes_count, ...parties };
    if (!access.visible) return { visible: false, ...unchanged };
    const likeId = like.liked
      ? (await insertLike(trx, {
          id: like.id,
          post_id: like.postId,
          user_id: viewer,
          created_at: like.createdAt,
        }))
        ? like.id
        : undefined
      : await deleteLike(trx, like.postId, viewer);
    if (!likeId) return { visible: true, ...unchanged };
    // A remote author reads their notifications on their own server, which hears the Like.
    if (like.liked && !parties.authorRemote) {
      await notifyOfLike(trx, {
        id: like.notificationId,
        actorId: viewer,
        postId: like.postId,
        createdAt: like.createdAt,
      });
    } else {
      await deleteLikeNotification(trx, viewer, like.postId);
    }
    const likesCount = await addToLikesCount(trx, like.postId, like.liked ? 1 : -1);
    return { visible: true, changed: true, likeId, likesCount, ...parties };
  });
}
