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
    deliveries.notice({ actorId: event.followerId, userId: event.followeeId, types: ['follow'] }),
  );
  // A private account's owner is asked.
  events.on('follow_request.sent', (event) =>
    deliveries.notice({
      actorId: event.requesterId,
      userId: event.ownerId,
      types: ['follow_request'],
    }),
  );
  // Mentions in a new post's caption (an archive's imported posts tell nobody), or in an edit.
  events.on('post.created', (event) => {
    if (event.imported) return;
    deliveries.notice({ actorId: event.authorId, types: ['mention'], postId: event.postId });
  });
  events.on('post.edited', (event) => {
    if (!event.captionChanged) return;
    deliveries.notice({ actorId: event.authorId, types: ['mention'], postId: event.postId });
  });
}
