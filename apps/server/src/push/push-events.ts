import type { EventBus } from '../events/event-bus';
import type { PushDeliveries } from './push-deliveries';

/**
 * Which domain events may have made a notification worth a push, and how to find it. The push
 * follows the notification itself (its rules on blocks, privacy and oneself stay in one place).
 */
export function subscribePushToEvents(events: EventBus, deliveries: PushDeliveries): void {
  events.on('like.added', (event) =>
    deliveries.notice({ actorId: event.userId, types: ['like'], postId: event.postId }),
  );
  // The comment's own notification and the mentions in it.
  events.on('comment.added', (event) => deliveries.notice({ commentId: event.commentId }));
  events.on('follow.added', (event) =>
    deliveries.notice({
      actorId: event.followerId,
      userId: event.followeeId,
      types: ['follow', 'follow_request'],
    }),
  );
  // Mentions in a new post's caption.
  events.on('post.created', (event) =>
    deliveries.notice({ actorId: event.authorId, types: ['mention'], postId: event.postId }),
  );
}
