import type { PushDeliveries } from '../../push/push-deliveries';
import type { SubscriberTable } from './subscriber-table';

export type PushNotices = Pick<PushDeliveries, 'notice'>;

/**
 * Web push: which events may have made a notification worth a push, and how to find it. The push
 * follows the notification itself (its rules on blocks, privacy and oneself stay in one place),
 * from a durable queue of its own (push/push-deliveries.ts).
 */
export const pushSubscribers: SubscriberTable<PushNotices> = {
  'like.added': {
    does: "the like's notification (an author here)",
    run: (push, event) => {
      if (event.authorRemote) return;
      push.notice({ actorId: event.userId, types: ['like'], postId: event.postId });
    },
  },
  'comment.added': {
    does: "the comment's notification and its mentions",
    run: (push, event) => push.notice({ commentId: event.commentId }),
  },
  'follow.added': {
    does: "the follow's notification",
    run: (push, event) =>
      push.notice({ actorId: event.followerId, userId: event.followeeId, types: ['follow'] }),
  },
  'follow_request.sent': {
    does: "the request's notification",
    run: (push, event) =>
      push.notice({ actorId: event.requesterId, userId: event.ownerId, types: ['follow_request'] }),
  },
  'post.created': {
    does: 'caption mentions (not for imports)',
    run: (push, event) => {
      if (event.imported) return;
      push.notice({ actorId: event.authorId, types: ['mention'], postId: event.postId });
    },
  },
  'post.edited': {
    does: 'caption mentions, if the caption changed',
    run: (push, event) => {
      if (!event.captionChanged) return;
      push.notice({ actorId: event.authorId, types: ['mention'], postId: event.postId });
    },
  },
};
