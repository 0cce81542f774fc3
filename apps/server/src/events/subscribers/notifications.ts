import type { EventBus } from '../event-bus';
import type { NotificationsService } from '../../services/notifications.service';

/** What the notification subscribers call: the recording side of the notifications service. */
export type NotificationRecorder = Pick<
  NotificationsService,
  | 'commented'
  | 'captionWritten'
  | 'mentionedElsewhere'
  | 'followRequested'
  | 'followRequestApproved'
  | 'followRequestEnded'
  | 'blocked'
>;

/**
 * Notifications: what people did to you, recorded once the action committed, and removed when it
 * is undone. Likes and follows are not here: the busiest writes record their notification in
 * their own transaction (services/likes.service.ts, services/follows.service.ts); a block removes
 * every notification between the two, so the follows it ends need nothing either. A post, comment
 * or account that goes takes its notifications with it through the foreign keys, so their
 * deletions need no subscriber here.
 */
export function subscribeNotifications(events: EventBus, notifications: NotificationRecorder) {
  events.on('comment.added', (event) => notifications.commented(event.commentId));
  events.on('post.created', async (event) => {
    // An import's captions were written elsewhere, long ago: nobody is told of their mentions.
    if (!event.imported) await notifications.captionWritten(event.postId);
  });
  events.on('post.edited', async (event) => {
    if (event.captionChanged) await notifications.captionWritten(event.postId);
  });
  events.on('mention.received', (event) =>
    notifications.mentionedElsewhere(event.actorId, event.mentionedIds),
  );
  events.on('follow_request.sent', (event) =>
    notifications.followRequested(event.requesterId, event.ownerId),
  );
  events.on('follow_request.approved', (event) =>
    notifications.followRequestApproved(event.requesterId, event.ownerId),
  );
  events.on('follow_request.ended', (event) =>
    notifications.followRequestEnded(event.requesterId, event.ownerId),
  );
  events.on('block.added', (event) => notifications.blocked(event.blockerId, event.blockedId));
}
