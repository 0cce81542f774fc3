import os from 'node:os';
import type { AppContext } from './app-context';
import type { Clock } from './context';
import { systemClock } from './context';
import type { OpenDatabaseOptions } from './db/database';
import { openDatabase } from './db/database';
import type { Config } from './env';
import { EventBus } from './events/event-bus';
import { subscribeAll } from './events/subscribers/registry';
import type { FederationDoor } from './federation/federation-door';
import { openFederation } from './federation/federation-door';
import { findVideoTools } from './media/ffmpeg';
import { createImageQueue } from './media/image-queue';
import { createMetrics } from './metrics/metrics';
import { readMediaUrlKey } from './repositories/instance-secrets.repository';
import { MediaUrlSigner } from './storage/media-urls';
import { createReadCaches } from './cache/read-caches';
import { createServices } from './services/services';
import { LocalStorage } from './storage/local';
import { S3Storage } from './storage/s3';
import type { Storage } from './storage/storage';

async function openStorage(config: Config): Promise<Storage> {
  if (config.storage.driver === 'local') {
    const storage = new LocalStorage(config.storage.root);
    await storage.init();
    return storage;
  }
  // No request at start: an unreachable bucket shows on /readyz (503) instead of a crash loop.
  return new S3Storage(config.storage);
}

/** Opens the database (migrating it) and the storage named by the configuration; builds the services. */
export async function createContext(
  config: Config,
  options: OpenDatabaseOptions & { clock?: Clock } = {},
): Promise<AppContext> {
  const database = await openDatabase(config.database, options);
  try {
    const storage = await openStorage(config);
    // sharp already spreads one image over its thread pool; a few at a time keeps memory bounded.
    const concurrency = Math.max(2, Math.min(4, os.availableParallelism()));
    const metrics = config.metricsToken ? createMetrics() : undefined;
    const imageQueue = createImageQueue({
      concurrency,
      maxWaiting: 32,
      observer: metrics?.imageQueue,
    });
    const infrastructure = {
      config,
      database,
      storage,
      imageQueue,
      videoTools: await findVideoTools(config.video),
      caches: createReadCaches(database),
      events: new EventBus(),
      signer: new MediaUrlSigner(await readMediaUrlKey(database.db)),
      clock: options.clock ?? systemClock,
      metrics,
    };
    // The services and federation need each other: its inbox calls them, and reading a remote
    // outbox (a service's dependency) is federation's. The reader is called only after both exist.
    const services = createServices(infrastructure, {
      readRemoteOutbox: config.federation.enabled
        ? (profileId) => door?.readOutbox(profileId) ?? Promise.resolve(0)
        : undefined,
    });
    const door: FederationDoor | undefined = config.federation.enabled
      ? openFederation({ ...infrastructure, services })
      : undefined;
    subscribeAll(infrastructure.events, {
      notifications: services.notifications,
      liveEvents: services.eventStreams,
      caches: infrastructure.caches,
      push: services.pushDeliveries,
      otherServers: door?.outbox,
    });
    metrics?.watch({ ...infrastructure, eventStreams: services.eventStreams });
    return {
      ...infrastructure,
      services,
      federation: door && { fedify: door.fedify, queue: door.queue },
      remoteLookup: door?.remoteLookup,
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
