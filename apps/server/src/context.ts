import type { Config } from './env';
import type { Database } from './db/database';
import type { createImageQueue } from './media/image-queue';
import type { ReadCaches } from './services/read-caches';
import type { Storage } from './storage/storage';

/** Everything a request may need, built once at start and handed to routes and services. */
export interface AppContext {
  config: Config;
  database: Database;
  storage: Storage;
  imageQueue: ReturnType<typeof createImageQueue>;
  /** Pages, sessions and likes reused until the database changes. */
  caches: ReadCaches;
}
