/**
 * What happened, told after it was committed. Side effects that are not the action itself
 * (notifications, live events, cache forgetting, and later push and federation deliveries)
 * subscribe to these in `events/subscribers/` instead of growing inside the transactions that
 * like, comment or follow. Each type is published only for a change that really happened (a
 * second like of the same post publishes nothing) and has at least one subscriber.
 *
 * Deliberately absent: posts deleted, comments deleted, sign-ups and profile changes. Their side
 * effects are the database's own: notifications go with their post or comment (foreign keys
 * cascade), and caches and live events learn of every row change from triggers, whichever
 * instance or tool made it. Add a type here when a subscriber needs it.
 */
/*
 * Which side of an action is a person of another server, decided where the action happens (its
 * statement or transaction knows) and carried by the event, so no subscriber reads it again:
 * deliveries go only where the other party is remote, notifications only to people here.
 */
interface LikeFacts {
  postId: string;
  userId: string;
  /** The like row's id (added or removed): it names the Like other servers hear, and its Undo. */
  likeId: string;
  likesCount: number;
  likerRemote: boolean;
  authorRemote: boolean;
}
interface FollowParties {
  followerRemote: boolean;
  followeeRemote: boolean;
}
interface RequestParties {
  requesterRemote: boolean;
  ownerRemote: boolean;
}
interface BlockParties {
  blockerRemote: boolean;
  blockedRemote: boolean;
}

export type DomainEvent =
  /** Someone's sign-out (its live event streams end at once). */
  | { type: 'session.ended'; userId: string | null; tokenHash: string }
  /**
   * An account its owner deleted (its rows are gone): where its followers on other servers
   * live, so they hear of it.
   */
  | {
      type: 'account.deleted';
      userId: string;
      username: string;
      remoteFollowers: { actor_url: string; inbox_url: string; shared_inbox_url: string | null }[];
    }
  /** A post deleted by its author or an admin (its rows and files are gone). */
  | { type: 'post.deleted'; postId: string; authorId: string }
  /** `likerRemote`: it came through the inbox; `authorRemote`: the post is a remote person's. */
  | ({ type: 'like.added' } & LikeFacts)
  | ({ type: 'like.removed' } & LikeFacts)
  | {
      type: 'comment.added';
      commentId: string;
      postId: string;
      userId: string;
      commenterRemote: boolean;
      /** The post is a remote person's. */
      authorRemote: boolean;
    }
  /** A new post; `imported` when an archive brought it (its captions are old news). */
  | { type: 'post.created'; postId: string; authorId: string; imported: boolean }
  /** Its author changed a post: its caption, its photos, or both. */
  | { type: 'post.edited'; postId: string; authorId: string; captionChanged: boolean }
  /**
   * A follow made at once: a local public account followed, by someone here or elsewhere (a remote
   * person is followed through `follow_request.sent_remote`, then `follow_request.approved`).
   */
  | {
      type: 'follow.added';
      followerId: string;
      followeeId: string;
      followersCount: number;
      followerRemote: boolean;
    }
  /** An unfollow, or a block ending a follow either way. */
  | ({
      type: 'follow.removed';
      followerId: string;
      followeeId: string;
      followersCount: number;
    } & FollowParties)
  /** A private account's owner here is asked (by someone here or elsewhere). */
  | { type: 'follow_request.sent'; requesterId: string; ownerId: string }
  /** Someone here asks to follow a person of another server, whose server answers. */
  | { type: 'follow_request.sent_remote'; requesterId: string; ownerId: string }
  /** The owner said yes (or went public, or their server accepted): the follow exists. */
  | ({ type: 'follow_request.approved'; requesterId: string; ownerId: string } & RequestParties)
  /** The owner declined, the requester withdrew, or a block ended it. */
  | ({
      type: 'follow_request.ended';
      requesterId: string;
      ownerId: string;
      reason: 'declined' | 'withdrawn' | 'blocked';
    } & RequestParties)
  /** A block (it ended every follow and request between the two, told as their own events). */
  | ({ type: 'block.added'; blockerId: string; blockedId: string } & BlockParties)
  /** The blocker lifted a block. */
  | ({ type: 'block.removed'; blockerId: string; blockedId: string } & BlockParties)
  | {
      type: 'message.sent';
      messageId: string;
      conversationId: string;
      senderId: string;
      recipientIds: string[];
    }
  /** Read, accepted, muted, left or unsent: these people's unread counts may have moved. */
  | { type: 'messages.changed'; conversationId: string; userIds: string[] }
  /** A post on another server names these people here (a reply to a post here is a comment). */
  | { type: 'mention.received'; actorId: string; mentionedIds: string[] }
  /** An admin changed the instance's about page and rules. */
  | { type: 'instance.updated' }
  /** A report whose reporter asked to send it on to the reported person's server too. */
  | { type: 'report.forwarded'; reportId: string };

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<Type extends DomainEventType> = Extract<DomainEvent, { type: Type }>;
