import type { Notification, NotificationPage, NotificationQuery } from '@pinhole/contracts';
import { limits, mentionsOf, unreadCountCap } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { newId, nowIso } from '../ids';
import { listBlockedEitherWay } from '../repositories/blocks.repository';
import type { NotificationRow } from '../repositories/notifications.repository';
import {
  countUnread,
  deleteCaptionMentions,
  deleteFollowNotification,
  deleteLikeNotification,
  markFollowNotificationRead,
  findPeopleByUsernames,
  findPostOwner,
  followersAmong,
  insertNotifications,
  listCaptionMentionRecipients,
  listNotifications,
  markAllRead,
  notifyPostAuthor,
} from '../repositories/notifications.repository';
import { storedVariants } from '../repositories/stored-variants';
import type { MediaUrls } from './media-urls';
import { mediaUrls } from './media-urls';
import { decodeCursor, encodeCursor } from './post-cursor';
import { toProfileSummary } from './profile-summary';

export type NotificationFailureReporter = (error: unknown, action: string) => void;

/**
 * What people did to you: likes and comments on your posts, follows and follow requests (and their
 * approval), mentions.
 *
 * The recording methods take the action's own transaction, so a notification exists exactly when
 * its action does: an unlike racing a like never leaves one behind, and undoing an action removes
 * it in the same commit. Each runs inside a savepoint and never throws: a notification that cannot
 * be written is reported and rolled back alone, and the like, comment or follow still commits.
 * Posts, comments and accounts that go take their notifications with them (foreign keys cascade).
 * Nobody is notified of their own action.
 */
export class NotificationsService {
  readonly #urls: MediaUrls;
  #report: NotificationFailureReporter = (error) => console.error(error);

  constructor(private readonly infra: Infrastructure) {
    this.#urls = mediaUrls(infra.storage, infra.signer);
  }

  private get db() {
    return this.infra.database.db;
  }

  /** Where failures to record a notification go: the server's logger once it exists. */
  reportErrorsTo(report: NotificationFailureReporter): void {
    this.#report = report;
  }

  /** A page of the person's notifications, newest first, with how many are unread. */
  async list(userId: string, query: NotificationQuery): Promise<NotificationPage> {
    const limit = query.limit ?? limits.notificationsDefaultLimit;
    const after = query.cursor !== undefined ? decodeCursor(query.cursor) : undefined;
    // One extra row tells whether another page exists. The rows carry the unread count and
    // whether the person follows each actor: one statement, one round trip to the database.
    const { rows, unreadCount } = await listNotifications(this.db, userId, {
      limit: limit + 1,
      after,
      unreadCap: unreadCountCap,
    });
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    return {
      notifications: pageRows.map((row) => this.#toNotification(row)),
      // No row to carry the count: the first page of someone with no notifications at all (none
      // unread), or a page past the last, which asks on its own.
      unread_count:
        unreadCount ??
        (after === undefined
          ? 0
          : ((await countUnread(this.db, [userId], unreadCountCap)).get(userId) ?? 0)),
      next_cursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.created_at, id: last.id })
          : null,
    };
  }

  async markAllRead(userId: string): Promise<void> {
    await markAllRead(this.db, userId, nowIso());
  }

  /** How many unread notifications each person has (for the live event streams). */
  unreadCounts(userIds: readonly string[]): Promise<Map<string, number>> {
    return countUnread(this.db, userIds, unreadCountCap);
  }

  #toNotification(row: NotificationRow): Notification {
    let post: Notification['post'] = null;
    if (row.post) {
      // The smallest variant is the thumbnail; a post from before variants has only its original.
      const smallest = storedVariants.decode(row.post.image_variants)[0]?.key;
      post = {
        id: row.post.id,
        thumbnail_url: this.#urls.post(
          smallest ?? row.post.image_key,
          Boolean(row.post.author_is_private),
        ),
      };
    }
    return {
      id: row.id,
      type: row.type,
      actor: toProfileSummary(row.actor, this.infra.storage, row.actor_followed),
      post,
      comment: row.comment,
      created_at: row.created_at,
      read: row.read_at !== null,
    };
  }

  // Recording, inside the action's transaction.

  liked(trx: Kysely<DB>, actorId: string, postId: string): Promise<void> {
    return this.#safely(trx, 'like', async () => {
      await notifyPostAuthor(trx, {
        id: newId(),
        actor_id: actorId,
        type: 'like',
        post_id: postId,
        comment_id: null,
        created_at: nowIso(),
      });
    });
  }

  unliked(trx: Kysely<DB>, actorId: string, postId: string): Promise<void> {
    return this.#safely(trx, 'unlike', () => deleteLikeNotification(trx, actorId, postId));
  }

  /**
   * Tells the post's author of a comment, with its text, and the people it mentions; the author
   * mentioned in a comment on their own post is told once, of the comment.
   */
  commented(
    trx: Kysely<DB>,
    comment: { id: string; postId: string; actorId: string; content: string },
  ): Promise<void> {
    return this.#safely(trx, 'comment', async () => {
      const createdAt = nowIso();
      const authorTold = await notifyPostAuthor(trx, {
        id: newId(),
        actor_id: comment.actorId,
        type: 'comment',
        post_id: comment.postId,
        comment_id: comment.id,
        created_at: createdAt,
      });
      const mentioned = await this.#mentionable(
        trx,
        comment.postId,
        comment.actorId,
        comment.content,
      );
      await insertNotifications(
        trx,
        mentioned
          .filter((userId) => userId !== authorTold)
          .map((userId) => ({
            id: newId(),
            user_id: userId,
            actor_id: comment.actorId,
            type: 'mention' as const,
            post_id: comment.postId,
            comment_id: comment.id,
            created_at: createdAt,
          })),
      );
    });
  }

  followed(trx: Kysely<DB>, followerId: string, followeeId: string): Promise<void> {
    return this.#safely(trx, 'follow', () =>
      insertNotifications(trx, [
        {
          id: newId(),
          user_id: followeeId,
          actor_id: followerId,
          type: 'follow',
          post_id: null,
          comment_id: null,
          created_at: nowIso(),
        },
      ]),
    );
  }

  unfollowed(trx: Kysely<DB>, followerId: string, followeeId: string): Promise<void> {
    return this.#safely(trx, 'unfollow', () =>
      deleteFollowNotification(trx, followerId, followeeId),
    );
  }

  /** A private account's owner is asked; the notification stays while the request waits. */
  followRequested(trx: Kysely<DB>, requesterId: string, targetId: string): Promise<void> {
    return this.#safely(trx, 'follow request', () =>
      insertNotifications(trx, [
        {
          id: newId(),
          user_id: targetId,
          actor_id: requesterId,
          type: 'follow_request',
          post_id: null,
          comment_id: null,
          created_at: nowIso(),
        },
      ]),
    );
  }

  /** A request was declined or withdrawn: there is nothing left to answer. */
  followRequestEnded(trx: Kysely<DB>, requesterId: string, targetId: string): Promise<void> {
    return this.#safely(trx, 'follow request ended', () =>
      deleteFollowNotification(trx, requesterId, targetId, 'follow_request'),
    );
  }

  /**
   * A request was approved (after `followed` recorded the follow): the request leaves the owner's
   * list, the follow it became is no news to the one who approved it (read, so the badge does
   * not rise at their own click), and the requester is told.
   */
  followRequestApproved(trx: Kysely<DB>, requesterId: string, ownerId: string): Promise<void> {
    return this.#safely(trx, 'follow request approved', async () => {
      const now = nowIso();
      await deleteFollowNotification(trx, requesterId, ownerId, 'follow_request');
      await markFollowNotificationRead(trx, requesterId, ownerId, now);
      await insertNotifications(trx, [
        {
          id: newId(),
          user_id: requesterId,
          actor_id: ownerId,
          type: 'follow_accepted',
          post_id: null,
          comment_id: null,
          created_at: now,
        },
      ]);
    });
  }

  /**
   * A caption was written (a new post) or changed: the people it mentions now are told once,
   * those it no longer mentions lose their notification, the others keep theirs (read or not).
   */
  captionWritten(
    trx: Kysely<DB>,
    post: { id: string; authorId: string; caption: string | null },
  ): Promise<void> {
    return this.#safely(trx, 'caption mentions', async () => {
      const wanted = new Set(
        await this.#mentionable(trx, post.id, post.authorId, post.caption ?? ''),
      );
      const told = new Set(await listCaptionMentionRecipients(trx, post.authorId, post.id));
      await deleteCaptionMentions(
        trx,
        post.authorId,
        post.id,
        [...told].filter((userId) => !wanted.has(userId)),
      );
      const createdAt = nowIso();
      await insertNotifications(
        trx,
        [...wanted]
          .filter((userId) => !told.has(userId))
          .map((userId) => ({
            id: newId(),
            user_id: userId,
            actor_id: post.authorId,
            type: 'mention' as const,
            post_id: post.id,
            comment_id: null,
            created_at: createdAt,
          })),
      );
    });
  }

  /**
   * The people a text mentions who exist now and may see the post (a private account's post only
   * reaches its followers), never the one who wrote it nor anyone blocked either way with them.
   */
  async #mentionable(
    trx: Kysely<DB>,
    postId: string,
    writerId: string,
    text: string,
  ): Promise<string[]> {
    const usernames = mentionsOf(text);
    if (usernames.length === 0) return [];
    // Nobody blocked either way with the writer is told: a block stops mentions reaching you.
    const hidden = new Set(await listBlockedEitherWay(trx, writerId));
    const people = (await findPeopleByUsernames(trx, usernames))
      .map((person) => person.id)
      .filter((id) => id !== writerId && !hidden.has(id));
    if (people.length === 0) return [];
    const owner = await findPostOwner(trx, postId);
    if (!owner) return [];
    if (!owner.is_private) return people;
    const followers = await followersAmong(trx, owner.id, people);
    return people.filter((id) => id === owner.id || followers.has(id));
  }

  /**
   * Runs `work` in a savepoint of the action's transaction: on failure only the notification is
   * rolled back (PostgreSQL would otherwise refuse the rest of the transaction) and reported.
   */
  async #safely(trx: Kysely<DB>, action: string, work: () => Promise<unknown>): Promise<void> {
    // Outside a transaction (a write already committed on its own) a failure undoes nothing else.
    if (!trx.isTransaction) {
      await work().catch((error: unknown) => this.#report(error, action));
      return;
    }
    await sql`savepoint notification`.execute(trx);
    try {
      await work();
    } catch (error) {
      this.#report(error, action);
      await sql`rollback to savepoint notification`.execute(trx);
    }
    await sql`release savepoint notification`.execute(trx);
  }
}
