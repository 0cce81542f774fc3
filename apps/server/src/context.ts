import type { Config } from './env';
import type { Database } from './db/database';
import type { EventBus } from './events/event-bus';
import type { VideoTools } from './media/ffmpeg';
import type { createImageQueue } from './media/image-queue';
import type { Metrics } from './metrics/metrics';
import type { MediaUrlSigner } from './storage/media-urls';
import type { ReadCaches } from './cache/read-caches';
import type { Storage } from './storage/storage';

/**
 * What time it is for the app's rules (a story's 24 hours). Decided in app time, never by the
 * database's now(), so every instance and both databases agree, and tests can move it.
 */
export interface Clock {
  now(): Date;
}

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };

/** What services are built from: opened once at start. */
export interface Infrastructure {
  config: Config;
  database: Database;
  storage: Storage;
  imageQueue: ReturnType<typeof createImageQueue>;
  /** ffmpeg and ffprobe, found once at start; null: videos are refused (415) and `video: false`. */
  videoTools: VideoTools | null;
  /** Pages, sessions and likes kept until what they were built from changes. */
  caches: ReadCaches;
  events: EventBus;
  /** Signs the URLs of private accounts' files; every instance shares its key. */
  signer: MediaUrlSigner;
  clock: Clock;
  /** Prometheus metrics, only when METRICS_TOKEN is set (undefined: nothing is measured). */
  metrics: Metrics | undefined;
}
