/**
 * What happened, told after it was committed. Side effects that are not the action itself
 * (notifications, live events, metrics) subscribe to these instead of growing inside the
 * transactions that like, comment or post.
 */
export type DomainEvent =
  | { type: 'user.signed_up'; userId: string }
  | { type: 'session.ended'; userId: string | null; tokenHash: string }
  | { type: 'profile.updated'; profileId: string }
  | { type: 'post.created'; postId: string; authorId: string }
  | { type: 'post.deleted'; postId: string; authorId: string }
  | { type: 'like.added'; postId: string; userId: string; likesCount: number }
  | { type: 'like.removed'; postId: string; userId: string; likesCount: number }
  | { type: 'comment.added'; commentId: string; postId: string; userId: string }
  | { type: 'comment.deleted'; commentId: string; postId: string; userId: string }
  | { type: 'follow.added'; followerId: string; followeeId: string; followersCount: number }
  | { type: 'follow.removed'; followerId: string; followeeId: string; followersCount: number }
  | {
      type: 'message.sent';
      messageId: string;
      conversationId: string;
      senderId: string;
      recipientIds: string[];
    }
  /** Read, accepted, muted, left or unsent: these people's unread counts may have moved. */
  | { type: 'messages.changed'; conversationId: string; userIds: string[] };

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<Type extends DomainEventType> = Extract<DomainEvent, { type: Type }>;
