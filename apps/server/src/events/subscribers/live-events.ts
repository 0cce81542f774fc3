import type { EventBus } from '../event-bus';
import type { EventStreamsService } from '../../services/event-streams.service';

/**
 * Live events (`GET /api/events`). The unread badge is not told from here: it follows the
 * notifications table itself (db/notification-signals.ts), whose triggers reach every instance
 * (LISTEN/NOTIFY on PostgreSQL) and see every writer, cascades included. What only this process
 * knows at once is a sign-out made here.
 */
export function subscribeLiveEvents(
  events: EventBus,
  eventStreams: Pick<EventStreamsService, 'endSession'>,
) {
  events.on('session.ended', (event) => eventStreams.endSession(event.tokenHash));
}
