import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Infrastructure } from '../context';
import { cacheTags } from '../cache/cache-tags';
import { AppError } from '../errors';
import { ToolFailedError } from '../media/ffmpeg';
import { decodePhoto, storePhoto } from '../media/photo-pipeline';
import { VideoRejectedError } from '../media/video-probe';
import { transcodeVideo } from '../media/video-transcode';
import { markTopicsChanged } from '../repositories/cache-changes.repository';
import type { VideoJob } from '../repositories/video-jobs.repository';
import {
  claimNextVideoJob,
  countUnreadyMedia,
  deleteVideoJob,
  findVideoAttachment,
  markVideoFailed,
  markVideoReady,
  releaseVideoJob,
} from '../repositories/video-jobs.repository';
import { mediaKey, newKeyNonce } from '../storage/storage';

/** How often an idle instance looks for jobs (another instance's uploads, what a restart left). */
const pollMs = 5_000;
/** How long a taken job is its taker's: past any transcode's own time bound. */
const claimMs = 30 * 60_000;
/** A job that failed for a reason that may pass (the store away) is tried again after this. */
const retryDelayMs = 60_000;
/** Tries before a video that keeps failing for such reasons is marked failed. */
const maxAttempts = 3;

/** Told when every medium of a post is ready: it reaches others then (post.created). */
export type PostReady = (post: { postId: string; authorId: string }) => Promise<void>;

/**
 * Transcodes uploaded videos from the `video_jobs` queue in the database, so a job survives a
 * restart and any instance may take it. At most `VIDEO_WORKERS` run at once in this process
 * (the machine's cores by default), each ffmpeg niced and given a share of the cores, so the
 * server keeps answering meanwhile. A video ffmpeg cannot read is marked `failed` at once; its
 * post stays its author's only.
 */
export class VideoJobsService {
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  readonly #running = new Set<Promise<void>>();
  readonly #stop = new AbortController();
  #report: (error: unknown) => void = (error) => console.error(error);

  constructor(
    private readonly infra: Infrastructure,
    private readonly postReady: PostReady,
  ) {}

  private get db() {
    return this.infra.database.db;
  }

  reportErrorsTo(report: (error: unknown) => void): void {
    this.#report = report;
  }

  /** Starts taking jobs: now (what a restart left) and every few seconds. Nothing without ffmpeg. */
  start(): void {
    if (this.#timer || this.#closed || !this.infra.videoTools) return;
    this.#timer = setInterval(() => this.kick(), pollMs);
    this.#timer.unref();
    this.kick();
  }

  /** Fills the free worker slots; a new upload calls it so its job starts at once. */
  kick(): void {
    if (this.#closed || !this.infra.videoTools) return;
    while (this.#running.size < this.infra.config.video.workers) {
      const worker = this.#work()
        .catch((error: unknown) => this.#report(error))
        .finally(() => this.#running.delete(worker));
      this.#running.add(worker);
    }
  }

  /** Stops taking jobs and kills the transcodes under way: their jobs wait for the next start. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#stop.abort();
    await Promise.allSettled([...this.#running]);
  }

  /** One worker: takes jobs until there is none due. */
  async #work(): Promise<void> {
    while (!this.#closed) {
      const now = this.infra.clock.now().getTime();
      const job = await claimNextVideoJob(
        this.db,
        new Date(now).toISOString(),
        new Date(now + claimMs).toISOString(),
      );
      if (!job) return;
      await this.#process(job);
    }
  }

  async #process(job: VideoJob): Promise<void> {
    const attachment = await findVideoAttachment(this.db, job.attachment_id);
    if (!attachment || attachment.status !== 'processing') {
      await deleteVideoJob(this.db, job.attachment_id);
      return;
    }
    if (job.attempts > maxAttempts) {
      await this.#fail(job);
      return;
    }
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-video-'));
    const written: string[] = [];
    try {
      const input = path.join(folder, 'upload');
      await pipeline(await this.infra.storage.read(attachment.file_key), createWriteStream(input));
      const workers = this.infra.config.video.workers;
      const video = await transcodeVideo(this.infra.videoTools!, input, folder, {
        threads: Math.max(1, Math.floor(os.availableParallelism() / workers)),
        maxSeconds: this.infra.config.video.maxSeconds,
        signal: this.#stop.signal,
      });
      const poster = await decodePhoto(this.infra.imageQueue, await fs.readFile(video.poster), 0);
      const posterFiles = await storePhoto(
        this.infra.storage,
        'posts',
        job.owner_id,
        poster,
        written,
      );
      const fileKey = mediaKey('posts', job.owner_id, Date.now(), 'mp4', newKeyNonce());
      await this.infra.storage.put(fileKey, await fs.readFile(video.file), 'video/mp4');
      written.push(fileKey);
      const ready = await this.db.transaction().execute(async (trx) => {
        const changed = await markVideoReady(trx, job.attachment_id, {
          fileKey,
          width: video.width,
          height: video.height,
          durationS: video.durationS,
          placeholder: poster.placeholder,
          blurhash: poster.blurhash,
          poster: {
            key: posterFiles.key,
            width: poster.original.width,
            height: poster.original.height,
            variants: posterFiles.variants,
          },
        });
        await deleteVideoJob(trx, job.attachment_id);
        if (!changed) return { changed, complete: false };
        const complete = (await countUnreadyMedia(trx, attachment.post_id)) === 0;
        // The post was in no list while it waited: every list that may now show it forgets.
        if (complete) {
          await markTopicsChanged(trx, [
            cacheTags.postsOf(attachment.user_id),
            cacheTags.anyPrivacy,
          ]);
        }
        return { changed, complete };
      });
      // The upload as it came is no longer referenced; a post deleted meanwhile leaves ours.
      await this.infra.storage.discard(ready.changed ? [attachment.file_key] : written);
      if (ready.complete) {
        await this.postReady({ postId: attachment.post_id, authorId: attachment.user_id });
      }
    } catch (error) {
      await this.infra.storage.discard(written);
      if (this.#closed) {
        // Stopped by a shutdown: the next start (or another instance) takes it at once.
        await releaseVideoJob(this.db, job.attachment_id, new Date(0).toISOString());
      } else if (
        error instanceof VideoRejectedError ||
        error instanceof ToolFailedError ||
        // The poster refused by the photo checks (never "busy", which passes).
        (error instanceof AppError && error.code !== 'unavailable')
      ) {
        this.#report(error);
        await this.#fail(job);
      } else {
        const retryAt = new Date(this.infra.clock.now().getTime() + retryDelayMs).toISOString();
        await releaseVideoJob(this.db, job.attachment_id, retryAt);
        throw error;
      }
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  }

  /** The author sees the item `failed`; the post stays theirs only. */
  async #fail(job: VideoJob): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await markVideoFailed(trx, job.attachment_id);
      await deleteVideoJob(trx, job.attachment_id);
    });
  }
}
