import type { EventStreamsService } from '../../services/event-streams.service';
import type { SubscriberTable } from './subscriber-table';

export type LiveEventStreams = Pick<EventStreamsService, 'endSession' | 'messagesChanged'>;

/**
 * Live events (`GET /api/events`). The unread badge is not told from here: it follows the
 * notifications table itself (db/notification-signals.ts), whose triggers reach every instance
 * (LISTEN/NOTIFY on PostgreSQL) and see every writer, cascades included. What only this process
 * knows at once is a sign-out made here; messages are told here, and to other instances through
 * the same channel.
 */
export const liveEventSubscribers: SubscriberTable<LiveEventStreams> = {
  'session.ended': {
    does: "end that session's streams",
    run: (streams, event) => streams.endSession(event.tokenHash),
  },
  'message.sent': {
    does: 'tell the sender and the recipients',
    run: (streams, event) =>
      streams.messagesChanged(event.conversationId, [event.senderId, ...event.recipientIds]),
  },
  'messages.changed': {
    does: 'tell the people whose unread counts moved',
    run: (streams, event) => streams.messagesChanged(event.conversationId, event.userIds),
  },
};
