import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Transaction } from 'kysely';
import { limits } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { cacheTags } from '../cache/cache-tags';
import { AppError } from '../errors';
import { ToolFailedError } from '../media/ffmpeg';
import { decodePhoto, storePhoto } from '../media/photo-pipeline';
import { VideoRejectedError } from '../media/video-probe';
import { transcodeVideo } from '../media/video-transcode';
import { markTopicsChanged } from '../repositories/cache-changes.repository';
import type { ReadyVideo, VideoJob } from '../repositories/video-jobs.repository';
import {
  claimNextVideoJob,
  countUnreadyMedia,
  deleteVideoJob,
  findVideoAttachment,
  findVideoStory,
  markStoryVideoFailed,
  markStoryVideoReady,
  markVideoFailed,
  markVideoReady,
  releaseVideoJob,
} from '../repositories/video-jobs.repository';
import { listMembers } from '../repositories/conversations.repository';
import { isImportedPost } from '../repositories/imports.repository';
import {
  findVideoMessageImage,
  markMessageVideoFailed,
  markMessageVideoReady,
} from '../repositories/message-images.repository';
import { mediaKey, newKeyNonce, variantKey } from '../storage/storage';

/** How often an idle instance looks for jobs (another instance's uploads, what a restart left). */
const pollMs = 5_000;
/** How long a taken job is its taker's: past any transcode's own time bound. */
const claimMs = 30 * 60_000;
/** A job that failed for a reason that may pass (the store away) is tried again after this. */
const retryDelayMs = 60_000;
/** Tries before a video that keeps failing for such reasons is marked failed. */
const maxAttempts = 3;

/** A job's post attachment or story: where its upload waits, and how its outcome is written. */
interface VideoTarget {
  fileKey: string;
  storageKind: 'posts' | 'stories' | 'messages';
  maxSeconds: number;
  /** Where the MP4 goes, when it must share its poster's base (a message's). */
  videoKeyFor?: (posterKey: string, width: number) => string;
  /** Told after the commit (a message's members). */
  after?: () => Promise<void>;
  ready(
    trx: Transaction<DB>,
    video: ReadyVideo,
  ): Promise<{ changed: boolean; readyPost: ReadyPost | undefined }>;
  failed(trx: Transaction<DB>): Promise<void>;
}

/** A post whose every medium is ready; `imported` when it came from an archive. */
interface ReadyPost {
  postId: string;
  authorId: string;
  imported: boolean;
}

/** Told when every medium of a post is ready: it reaches others then (post.created). */
export type PostReady = (post: ReadyPost) => Promise<void>;

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

  /** What a job works on: a post's attachment or a story, and how its outcome is written. */
  async #targetOf(job: VideoJob): Promise<VideoTarget | undefined> {
    if (job.kind === 'message') {
      const image = await findVideoMessageImage(this.db, job.media_id);
      if (!image || image.status !== 'processing') return undefined;
      return {
        fileKey: image.file_key,
        storageKind: 'messages',
        maxSeconds: this.infra.config.video.maxSeconds,
        // Named after its poster, so `/storage` finds the message of either (file_base).
        videoKeyFor: (posterKey, width) => variantKey(posterKey, width, 'mp4'),
        ready: async (trx, video) => ({
          changed: await markMessageVideoReady(trx, job.media_id, video),
          readyPost: undefined,
        }),
        failed: (trx) => markMessageVideoFailed(trx, job.media_id),
        // The conversation's members see the video now (their open threads refresh).
        after: async () => {
          const members = await listMembers(this.db, [image.conversation_id]);
          await this.infra.events.publish({
            type: 'messages.changed',
            conversationId: image.conversation_id,
            userIds: members.map((member) => member.user_id),
          });
        },
      };
    }
    if (job.kind === 'story') {
      const story = await findVideoStory(this.db, job.media_id);
      if (!story || story.status !== 'processing') return undefined;
      return {
        fileKey: story.file_key,
        storageKind: 'stories',
        // A story is at most 60 s whatever VIDEO_MAX_SECONDS says.
        maxSeconds: Math.min(this.infra.config.video.maxSeconds, limits.storyVideoMaxSeconds),
        ready: async (trx, video) => {
          const changed = await markStoryVideoReady(trx, job.media_id, video);
          // Its followers' trays left it out while it waited: they forget now.
          if (changed) await markTopicsChanged(trx, [cacheTags.anyStory]);
          return { changed, readyPost: undefined };
        },
        failed: (trx) => markStoryVideoFailed(trx, job.media_id),
      };
    }
    const attachment = await findVideoAttachment(this.db, job.media_id);
    if (!attachment || attachment.status !== 'processing') return undefined;
    return {
      fileKey: attachment.file_key,
      storageKind: 'posts',
      maxSeconds: this.infra.config.video.maxSeconds,
      ready: async (trx, video) => {
        const changed = await markVideoReady(trx, job.media_id, video);
        if (!changed || (await countUnreadyMedia(trx, attachment.post_id)) > 0) {
          return { changed, readyPost: undefined };
        }
        // The post was in no list while it waited: every list that may now show it forgets.
        await markTopicsChanged(trx, [cacheTags.postsOf(attachment.user_id), cacheTags.anyPrivacy]);
        return {
          changed,
          readyPost: {
            postId: attachment.post_id,
            authorId: attachment.user_id,
            // An archive's post tells no one of its old captions' mentions (as its photos'
            // posts do).
            imported: await isImportedPost(trx, attachment.post_id),
          },
        };
      },
      failed: (trx) => markVideoFailed(trx, job.media_id),
    };
  }

  async #process(job: VideoJob): Promise<void> {
    const target = await this.#targetOf(job);
    if (!target) {
      // Deleted meanwhile (or done by another instance): nothing left to do.
      await deleteVideoJob(this.db, job.media_id);
      return;
    }
    if (job.attempts > maxAttempts) {
      await this.#fail(job, target);
      return;
    }
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-video-'));
    const written: string[] = [];
    try {
      const input = path.join(folder, 'upload');
      await pipeline(await this.infra.storage.read(target.fileKey), createWriteStream(input));
      const workers = this.infra.config.video.workers;
      const video = await transcodeVideo(this.infra.videoTools!, input, folder, {
        threads: Math.max(1, Math.floor(os.availableParallelism() / workers)),
        maxSeconds: target.maxSeconds,
        signal: this.#stop.signal,
      });
      const poster = await decodePhoto(this.infra.imageQueue, await fs.readFile(video.poster), 0);
      const posterFiles = await storePhoto(
        this.infra.storage,
        target.storageKind,
        job.owner_id,
        poster,
        written,
      );
      const fileKey =
        target.videoKeyFor?.(posterFiles.key, video.width) ??
        mediaKey(target.storageKind, job.owner_id, Date.now(), 'mp4', newKeyNonce());
      await this.infra.storage.put(fileKey, await fs.readFile(video.file), 'video/mp4');
      written.push(fileKey);
      const outcome = await this.db.transaction().execute(async (trx) => {
        const result = await target.ready(trx, {
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
        await deleteVideoJob(trx, job.media_id);
        return result;
      });
      // The upload as it came is no longer referenced; a post or story deleted meanwhile
      // leaves ours.
      await this.infra.storage.discard(outcome.changed ? [target.fileKey] : written);
      if (outcome.readyPost) await this.postReady(outcome.readyPost);
      if (outcome.changed) await target.after?.();
    } catch (error) {
      await this.infra.storage.discard(written);
      if (this.#closed) {
        // Stopped by a shutdown: the next start (or another instance) takes it at once.
        await releaseVideoJob(this.db, job.media_id, new Date(0).toISOString());
      } else if (
        error instanceof VideoRejectedError ||
        error instanceof ToolFailedError ||
        // The poster refused by the photo checks (never "busy", which passes).
        (error instanceof AppError && error.code !== 'unavailable')
      ) {
        this.#report(error);
        await this.#fail(job, target);
      } else {
        const retryAt = new Date(this.infra.clock.now().getTime() + retryDelayMs).toISOString();
        await releaseVideoJob(this.db, job.media_id, retryAt);
        throw error;
      }
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  }

  /** The author sees it `failed`; a post stays theirs only, a story too. */
  async #fail(job: VideoJob, target: VideoTarget): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await target.failed(trx);
      await deleteVideoJob(trx, job.media_id);
    });
  }
}
