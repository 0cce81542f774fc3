import type { Infrastructure } from '../context';
import { AppError } from '../errors';
import { RemoteFetchError, safeFetch } from '../net/safe-fetch';
import {
  claimRemoteMedia,
  isRemoteMediaPending,
  listDueRemoteMedia,
  listStaleRemoteMedia,
  missingRemoteKey,
  setRemoteImageFiles,
  setRemoteMediaState,
} from '../repositories/remote-posts.repository';
import { keysOfUploads, storeUploads } from './store-uploads';

/** A remote original larger than this is refused (Pixelfed keeps originals up to 15 MB). */
export const remoteMediaMaxBytes = 16 * 1024 * 1024;
const fetchTimeoutMs = 20_000;
/** How often the queue is read for retries and for what a restart or another instance left. */
const pollMs = 15_000;
/** A worker holds a copy it fetches this long; past it, another instance may take it again. */
const claimMs = 2 * 60_000;
/** 5 s, 10 s, 20 s … up to 6 h between attempts; given up after this many (until next viewed). */
const maxAttempts = 12;
const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** attempts, 6 * 60 * 60_000);
const batchSize = 10;

/**
 * Copies remote people's photos to our storage, off the inbox's path: each photo of a remote
 * post is fetched once (https only, public addresses only, size and pixel limits), cleaned and
 * resized by the same pipeline as an upload, and stored as `remote-media`. A failed fetch is
 * retried with a growing wait; meanwhile the post shows the photo's placeholder. Copies nobody
 * looked at for `REMOTE_MEDIA_RETENTION_DAYS` are removed by `removeExpired` and fetched again when
 * the post is next looked at.
 */
export class RemoteMediaFetcher {
  #pollTimer: NodeJS.Timeout | undefined;
  #retryTimers = new Set<NodeJS.Timeout>();
  #draining: Promise<void> | undefined;
  #again = false;
  #closed = false;
  #report: (error: unknown) => void = (error) => console.error(error);

  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  reportErrorsTo(report: (error: unknown) => void): void {
    this.#report = report;
  }

  start(): void {
    if (this.#pollTimer || this.#closed) return;
    this.#pollTimer = setInterval(() => this.kick(), pollMs);
    this.#pollTimer.unref();
    this.kick();
  }

  /** Fetches what is due now (new photos were queued, or a retry's time came). */
  kick(): void {
    if (this.#closed) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#draining = this.#drain()
      .catch((error: unknown) => this.#report(error))
      .finally(() => {
        this.#draining = undefined;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** Waits for the pass under way, so a closing server leaves no query running. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#pollTimer) clearInterval(this.#pollTimer);
    for (const timer of this.#retryTimers) clearTimeout(timer);
    await this.#draining;
  }

  async #drain(): Promise<void> {
    for (;;) {
      const now = this.infra.clock.now();
      const due = await listDueRemoteMedia(this.db, now.toISOString(), batchSize);
      if (due.length === 0 || this.#closed) return;
      for (const item of due) {
        const until = new Date(now.getTime() + claimMs).toISOString();
        if (!(await claimRemoteMedia(this.db, item.image_id, now.toISOString(), until))) continue;
        await this.#fetchOne(item);
      }
    }
  }

  async #fetchOne(item: {
    image_id: string;
    post_id: string;
    author_id: string;
    source_url: string;
    attempts: number;
    position: number;
  }): Promise<void> {
    const written: string[] = [];
    try {
      const answer = await safeFetch(
        item.source_url,
        { headers: { accept: 'image/*' } },
        {
          allowPrivateAddresses: this.infra.config.federation.allowPrivateAddresses,
          maxBytes: remoteMediaMaxBytes,
          timeoutMs: fetchTimeoutMs,
        },
      );
      if (answer.status < 200 || answer.status >= 300) {
        // Gone stays gone; anything else (a busy or broken server) is asked again later.
        const permanent = answer.status === 404 || answer.status === 410;
        throw new RemoteFetchError(`answered ${answer.status}`, { permanent });
      }
      const [stored] = await storeUploads(this.infra, 'remoteMedia', item.author_id, [
        Buffer.from(answer.body),
      ]);
      written.push(...keysOfUploads([stored!]));
      const kept = await this.db.transaction().execute(async (trx) => {
        // The post may have been deleted while its photo was on its way.
        if (!(await isRemoteMediaPending(trx, item.image_id))) return false;
        await setRemoteImageFiles(trx, item.image_id, stored!);
        await setRemoteMediaState(trx, item.image_id, {
          status: 'stored',
          attempts: 0,
          next_attempt_at: null,
        });
        return true;
      });
      if (!kept) await this.infra.storage.discard(written);
    } catch (error) {
      await this.infra.storage.discard(written);
      await this.#failed(item, error);
    }
  }

  async #failed(item: { image_id: string; attempts: number }, error: unknown): Promise<void> {
    const attempts = item.attempts + 1;
    // A refused address, a file too large or not an image, a 404: trying again cannot help.
    const permanent =
      (error instanceof RemoteFetchError && error.permanent) ||
      (error instanceof AppError && error.code !== 'unavailable');
    if (!(error instanceof RemoteFetchError) && !(error instanceof AppError)) this.#report(error);
    if (permanent || attempts >= maxAttempts) {
      await setRemoteMediaState(this.db, item.image_id, {
        status: 'failed',
        attempts,
        next_attempt_at: null,
      });
      return;
    }
    const delay = retryDelayMs(item.attempts);
    const at = new Date(this.infra.clock.now().getTime() + delay).toISOString();
    await setRemoteMediaState(this.db, item.image_id, {
      status: 'pending',
      attempts,
      next_attempt_at: at,
    });
    const timer = setTimeout(() => {
      this.#retryTimers.delete(timer);
      this.kick();
    }, delay + 50);
    timer.unref();
    this.#retryTimers.add(timer);
  }

  /**
   * Removes the copies nobody looked at for the retention period: their files go, the photos
   * show their placeholders again, and the next view queues a new fetch. Answers how many.
   */
  async removeExpired(now = this.infra.clock.now().getTime()): Promise<number> {
    const days = this.infra.config.federation.remoteMediaRetentionDays;
    const before = new Date(now - days * 24 * 60 * 60_000).toISOString();
    let removed = 0;
    for (;;) {
      const stale = await listStaleRemoteMedia(this.db, before, 100);
      if (stale.length === 0) return removed;
      for (const image of stale) {
        await this.db.transaction().execute(async (trx) => {
          await setRemoteImageFiles(trx, image.id, {
            key: missingRemoteKey(image.id),
            width: image.width,
            height: image.height,
            placeholder: image.placeholder,
            variants: [],
          });
          await setRemoteMediaState(trx, image.id, { status: 'expired', next_attempt_at: null });
        });
        await this.infra.storage.discard([image.file_key, ...image.variants.map((v) => v.key)]);
        removed++;
      }
    }
  }
}
