import type { EventBus } from '../event-bus';
import type { EventStreamsService } from '../../services/event-streams.service';

/**
 * Live events (`GET /api/events`). The unread badge is not told from here: it follows the
 * notifications table itself (db/notification-signals.ts), whose triggers reach every instance
 * (LISTEN/NOTIFY on PostgreSQL) and see every writer, cascades included. What only this process
 * knows at once is a sign-out made here; messages are told here, and to other instances through
 * the same channel.
 */
export function subscribeLiveEvents(
  events: EventBus,
  eventStreams: Pick<EventStreamsService, 'endSession' | 'messagesChanged'>,
) {
  events.on('session.ended', (event) => eventStreams.endSession(event.tokenHash));
  events.on('message.sent', (event) =>
    eventStreams.messagesChanged(event.conversationId, [event.senderId, ...event.recipientIds]),
  );
  events.on('messages.changed', (event) =>
    eventStreams.messagesChanged(event.conversationId, event.userIds),
  );
}
