import { cacheTags } from '../../cache/cache-tags';
import type { SubscriberTable } from './subscriber-table';

/** The read caches these subscribers forget in (cache/read-caches.ts). */
export interface ForgettingCaches {
  instance: { forget(tags: Iterable<string>): void };
}

/**
 * Read caches. Nearly every change reaches them through the database's change log (triggers, on
 * every instance, before each read); what is forgotten here is what this instance must forget
 * before the action answers, which reads its result from the cache at once.
 */
export const cacheSubscribers: SubscriberTable<ForgettingCaches> = {
  'instance.updated': {
    does: 'forget the instance cache',
    run: (caches) => caches.instance.forget([cacheTags.instance]),
  },
};
