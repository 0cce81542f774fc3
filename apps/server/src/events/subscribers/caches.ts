import type { EventBus } from '../event-bus';
import { cacheTags } from '../../cache/cache-tags';

/** The read caches these subscribers forget in (services/read-caches.ts). */
export interface ForgettingCaches {
  instance: { forget(tags: Iterable<string>): void };
}

/**
 * Read caches. Nearly every change reaches them through the database's change log (triggers, on
 * every instance, before each read); what is forgotten here is what this instance must forget
 * before the action answers, which reads its result from the cache at once.
 */
export function subscribeCaches(events: EventBus, caches: ForgettingCaches) {
  events.on('instance.updated', () => caches.instance.forget([cacheTags.instance]));
}
