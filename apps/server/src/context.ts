import type { Config } from './env';
import type { Database } from './db/database';
import type { EventBus } from './events/event-bus';
import type { createImageQueue } from './media/image-queue';
import type { MediaUrlSigner } from './services/media-urls';
import type { ReadCaches } from './services/read-caches';
import type { Services } from './services/services';
import type { Storage } from './storage/storage';

/** What services are built from: opened once at start. */
export interface Infrastructure {
  config: Config;
  database: Database;
  storage: Storage;
  imageQueue: ReturnType<typeof createImageQueue>;
  /** Pages, sessions and likes kept until what they were built from changes. */
  caches: ReadCaches;
  events: EventBus;
  /** Signs the URLs of private accounts' files; every instance shares its key. */
  signer: MediaUrlSigner;
}

/** Everything a request may need, built once at start and handed to routes. */
export interface AppContext extends Infrastructure {
  services: Services;
}
