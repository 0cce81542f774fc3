import type { Registry } from 'prom-client';
import { Counter, Gauge } from 'prom-client';
import type { Database } from '../db/database';
import type { ImageQueue } from '../media/image-queue';
import type { ReadCacheName, ReadCaches } from '../cache/read-caches';

/** What the app keeps anyway and the metrics read at each scrape: no request pays for them. */
export interface MetricSources {
  caches: Pick<ReadCaches, 'stats'>;
  imageQueue: Pick<ImageQueue, 'active' | 'waiting'>;
  database: Pick<Database, 'poolUse'>;
  eventStreams: { readonly size: number };
}

type CacheStats = ReturnType<ReadCaches['stats']>[ReadCacheName];

/** Registers gauges and counters whose `collect()` reads `sources` when Prometheus scrapes. */
export function watchSources(registry: Registry, sources: MetricSources): void {
  const { caches, imageQueue, database, eventStreams } = sources;
  const registers = [registry];

  // The caches count their own hits and misses (TaggedCache.stats): copied, never counted twice.
  const cacheCounter = (name: string, help: string, read: (stats: CacheStats) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const [cache, stats] of Object.entries(caches.stats()))
          this.inc({ cache }, read(stats));
      },
    });
  cacheCounter(
    'pinhole_read_cache_hits_total',
    'Reads answered from a read cache, by cache',
    (stats) => stats.hits,
  );
  cacheCounter(
    'pinhole_read_cache_misses_total',
    'Reads a read cache had to load (or share a load of), by cache',
    (stats) => stats.misses,
  );
  new Gauge({
    name: 'pinhole_read_cache_entries',
    help: 'Values a read cache keeps now, by cache',
    labelNames: ['cache'],
    registers,
    collect() {
      for (const [cache, stats] of Object.entries(caches.stats()))
        this.set({ cache }, stats.entries);
    },
  });

  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  gauge('pinhole_image_queue_active', 'Images being processed now', () => imageQueue.active);
  gauge(
    'pinhole_image_queue_waiting',
    'Images waiting for a processing slot now',
    () => imageQueue.waiting,
  );
  gauge(
    'pinhole_event_streams_open',
    'Open GET /api/events streams on this instance',
    () => eventStreams.size,
  );

  // SQLite has one connection and no pool: its series are left out rather than made up.
  if (database.poolUse() === undefined) return;
  const pool = (read: (use: NonNullable<ReturnType<Database['poolUse']>>) => number) => () => {
    const use = database.poolUse();
    return use ? read(use) : 0;
  };
  gauge(
    'pinhole_database_pool_connections',
    'PostgreSQL connections open (idle or lent out)',
    pool((use) => use.open),
  );
  gauge(
    'pinhole_database_pool_idle_connections',
    'PostgreSQL connections open and idle',
    pool((use) => use.idle),
  );
  gauge(
    'pinhole_database_pool_waiting',
    'Queries waiting for a PostgreSQL connection (the pool is at its size and all are busy)',
    pool((use) => use.waiting),
  );
  gauge(
    'pinhole_database_pool_max_connections',
    'The pool size (DATABASE_POOL_SIZE)',
    pool((use) => use.max),
  );
}
