import type { EventBus } from '../event-bus';
import type { ReadCaches } from '../../services/read-caches';
import type { Services } from '../../services/services';
import { subscribeCaches } from './caches';
import { subscribeLiveEvents } from './live-events';
import { subscribeNotifications } from './notifications';

/** Every side effect hung off the domain events, subscribed once when the services are built. */
export function subscribeAll(
  events: EventBus,
  dependencies: { services: Services; caches: ReadCaches },
) {
  subscribeNotifications(events, dependencies.services.notifications);
  subscribeLiveEvents(events, dependencies.services.eventStreams);
  subscribeCaches(events, dependencies.caches);
}
