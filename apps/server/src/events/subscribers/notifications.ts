import type { NotificationsService } from '../../services/notifications.service';
import type { SubscriberTable } from './subscriber-table';

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
export const notificationSubscribers: SubscriberTable<NotificationRecorder> = {
  'comment.added': {
    does: 'the author and the people mentioned',
    run: (notifications, event) =>
      notifications.commented(event.commentId, { authorRemote: event.authorRemote }),
  },
  'post.created': {
    does: 'caption mentions (not for imports)',
    run: async (notifications, event) => {
      // An import's captions were written elsewhere, long ago: nobody is told of their mentions.
      if (!event.imported) await notifications.captionWritten(event.postId);
    },
  },
  'post.edited': {
    does: 'caption mentions, if the caption changed',
    run: async (notifications, event) => {
      if (event.captionChanged) await notifications.captionWritten(event.postId);
    },
  },
  'mention.received': {
    does: 'the people a post elsewhere names',
    run: (notifications, event) =>
      notifications.mentionedElsewhere(event.actorId, event.mentionedIds),
  },
  'follow_request.sent': {
    does: 'tell the owner',
    run: (notifications, event) => notifications.followRequested(event.requesterId, event.ownerId),
  },
  'follow_request.approved': {
    does: 'request removed, requester told (people here only)',
    run: (notifications, event) =>
      notifications.followRequestApproved(event.requesterId, event.ownerId, event),
  },
  'follow_request.ended': {
    does: 'remove the request (an owner here)',
    run: async (notifications, event) => {
      // A remote owner's request was never a notification here.
      if (!event.ownerRemote)
        await notifications.followRequestEnded(event.requesterId, event.ownerId);
    },
  },
  'block.added': {
    does: "forget both people's notifications of each other",
    run: (notifications, event) => notifications.blocked(event.blockerId, event.blockedId),
  },
};
