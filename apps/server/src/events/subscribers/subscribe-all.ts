import type { EventBus } from '../event-bus';
import type { EventStreamsService } from '../../services/event-streams.service';
import type { ForgettingCaches } from './caches';
import { subscribeCaches } from './caches';
import { subscribeLiveEvents } from './live-events';
import type { NotificationRecorder } from './notifications';
import { subscribeNotifications } from './notifications';

export interface Subscribers {
  services: {
    notifications: NotificationRecorder;
    eventStreams: Pick<EventStreamsService, 'endSession' | 'messagesChanged'>;
  };
  caches: ForgettingCaches;
}

/**
 * Every side effect hung off the domain events, subscribed once when the services are built
 * (create-context.ts). One file per concern; each event type's handlers are found by its name.
 */
export function subscribeAll(events: EventBus, { services, caches }: Subscribers) {
  subscribeNotifications(events, services.notifications);
  subscribeLiveEvents(events, services.eventStreams);
  subscribeCaches(events, caches);
}
