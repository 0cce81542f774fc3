import type { Notification, NotificationPage, NotificationQuery } from '@pinhole/contracts';
import { isRemoteUsername, limits, mentionsOf, unreadCountCap } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { newId, nowIso } from '../ids';
import { followersAmong } from '../repositories/follows.repository';
import {
  deleteNotificationsBetween,
  listBlockedEitherWay,
} from '../repositories/blocks.repository';
import type { NotificationRow } from '../repositories/notifications.repository';
import {
  findCaptionToTell,
  findCommentToTell,
  notifyWhileFollowing,
  notifyWhileRequested,
} from '../repositories/notification-records.repository';
import {
  countUnread,
  deleteCaptionMentions,
  deleteFollowNotification,
  findPeopleByUsernames,
  insertNotifications,
  listCaptionMentionRecipients,
  listNotifications,
  markAllRead,
  notifyPostAuthor,
} from '../repositories/notifications.repository';
import { storedVariants } from '../repositories/stored-variants';
import type { MediaUrls } from '../storage/media-urls';
import { mediaUrls } from '../storage/media-urls';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';
import { toProfileSummary } from '../views/profile-summary';

/**
 * What people did to you: likes and comments on your posts, follows and follow requests (and their
 * approval), mentions.
 *
 * Recorded after the action committed, told by its domain event, and awaited before the action
 * answers: a like's notification is there when the like's answer arrives. A notification that
 * cannot be written fails its event's handler alone (logged by the bus); the like, comment or
 * follow stands. Posts, comments and accounts that go take their notifications with them (foreign
 * keys cascade). Nobody is notified of their own action.
 */
export class NotificationsService {
  readonly #urls: MediaUrls;

  constructor(private readonly infra: Infrastructure) {
    this.#urls = mediaUrls(infra.storage, infra.signer);
  }

  private get db() {
    return this.infra.database.db;
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
      const smallest = storedVariants.decode(row.post.variants)[0]?.key;
      post = {
        id: row.post.id,
        thumbnail_url: this.#urls.post(
          smallest ?? row.post.file_key,
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

  // Recording, told by the domain events (events/subscribers/notifications.ts) after each action
  // committed. Each writes only while the action's row is still there, held until its write
  // commits (db/row-holds.ts): an undo that commits meanwhile waits, then its own event removes
  // what was written, so a request withdrawn at once never leaves its notification behind. A like's
  // and a follow's are written in their own transaction (services/likes.service.ts,
  // services/follows.service.ts).

  /**
   * Tells the post's author of a comment, with its text, and the people it mentions; the author
   * mentioned in a comment on their own post is told once, of the comment. Nothing when the
   * comment is already gone (its notifications would go with it).
   */
  async commented(commentId: string, { authorRemote }: { authorRemote: boolean }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const comment = await findCommentToTell(trx, commentId);
      if (!comment?.author_id) return;
      const createdAt = nowIso();
      // A remote post's author reads their notifications on their own server, which hears the
      // comment as a reply.
      const authorTold = authorRemote
        ? undefined
        : await notifyPostAuthor(trx, {
            id: newId(),
            actor_id: comment.user_id,
            type: 'comment',
            post_id: comment.post_id,
            comment_id: commentId,
            created_at: createdAt,
          });
      const mentioned = await this.#mentionable(
        trx,
        { id: comment.author_id, isPrivate: Boolean(comment.author_is_private) },
        comment.user_id,
        comment.content,
      );
      await insertNotifications(
        trx,
        mentioned
          .filter((userId) => userId !== authorTold)
          .map((userId) => ({
            id: newId(),
            user_id: userId,
            actor_id: comment.user_id,
            type: 'mention' as const,
            post_id: comment.post_id,
            comment_id: commentId,
            created_at: createdAt,
          })),
      );
    });
  }

  /** A private account's owner is asked; the notification stays while the request waits. */
  followRequested(requesterId: string, ownerId: string): Promise<void> {
    return notifyWhileRequested(this.db, {
      id: newId(),
      requesterId,
      ownerId,
      createdAt: nowIso(),
    });
  }

  /** A request was declined or withdrawn: there is nothing left to answer. */
  followRequestEnded(requesterId: string, ownerId: string): Promise<void> {
    return deleteFollowNotification(this.db, requesterId, ownerId, 'follow_request');
  }

  /**
   * A request was approved: the request leaves the owner's list, the follow it became is no news
   * to the one who approved it (recorded read, so the badge does not rise at their own click),
   * and the requester is told. One transaction: the owner's badge goes from the request straight
   * to nothing.
   */
  async followRequestApproved(
    requesterId: string,
    ownerId: string,
    remote: { requesterRemote: boolean; ownerRemote: boolean },
  ): Promise<void> {
    const follow = { followerId: requesterId, followeeId: ownerId };
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await deleteFollowNotification(trx, requesterId, ownerId, 'follow_request');
      // Only people here are told: one of another server hears it from their own server.
      if (!remote.ownerRemote) {
        await notifyWhileFollowing(trx, follow, {
          id: newId(),
          userId: ownerId,
          actorId: requesterId,
          type: 'follow',
          createdAt: now,
          readAt: now,
          once: true,
        });
      }
      if (!remote.requesterRemote) {
        await notifyWhileFollowing(trx, follow, {
          id: newId(),
          userId: requesterId,
          actorId: ownerId,
          type: 'follow_accepted',
          createdAt: now,
          readAt: null,
          once: false,
        });
      }
    });
  }

  /** A block: neither keeps news of the other. */
  blocked(blockerId: string, blockedId: string): Promise<void> {
    return deleteNotificationsBetween(this.db, blockerId, blockedId);
  }

  /**
   * A caption was written (a new post) or changed: the people it mentions now are told once,
   * those it no longer mentions lose their notification, the others keep theirs (read or not).
   * The caption is read as it is now, the post held meanwhile: two edits in a row end with the
   * mentions of the last, whichever event is handled first.
   */
  async captionWritten(postId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const post = await findCaptionToTell(trx, postId);
      if (!post) return;
      const authorId = post.author_id;
      const wanted = new Set(
        await this.#mentionable(
          trx,
          { id: authorId, isPrivate: Boolean(post.author_is_private) },
          authorId,
          post.caption ?? '',
        ),
      );
      const told = new Set(await listCaptionMentionRecipients(trx, authorId, postId));
      await deleteCaptionMentions(
        trx,
        authorId,
        postId,
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
            actor_id: authorId,
            type: 'mention' as const,
            post_id: postId,
            comment_id: null,
            created_at: createdAt,
          })),
      );
    });
  }

  /**
   * A post on another server named these people: each is told, with no post here to show,
   * unless they and its writer block each other.
   */
  async mentionedElsewhere(actorId: string, userIds: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const hidden = new Set(await listBlockedEitherWay(trx, actorId));
      const createdAt = nowIso();
      await insertNotifications(
        trx,
        [...new Set(userIds)]
          .filter((userId) => userId !== actorId && !hidden.has(userId))
          .map((userId) => ({
            id: newId(),
            user_id: userId,
            actor_id: actorId,
            type: 'mention' as const,
            post_id: null,
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
    postAuthor: { id: string; isPrivate: boolean },
    writerId: string,
    text: string,
  ): Promise<string[]> {
    const usernames = mentionsOf(text);
    if (usernames.length === 0) return [];
    // Nobody blocked either way with the writer is told: a block stops mentions reaching you.
    const hidden = new Set(await listBlockedEitherWay(trx, writerId));
    // A person of another server is told by their own server, which hears the mention (a reply's
    // or a post's Mention tag): a row here would be one nobody reads.
    const people = (await findPeopleByUsernames(trx, usernames))
      .filter((person) => !isRemoteUsername(person.username))
      .map((person) => person.id)
      .filter((id) => id !== writerId && !hidden.has(id));
    if (people.length === 0 || !postAuthor.isPrivate) return people;
    const followers = await followersAmong(trx, postAuthor.id, people);
    return people.filter((id) => id === postAuthor.id || followers.has(id));
  }
}
