import type { Kysely } from 'kysely';
import { dialectOf } from '../db/dialect-of';
import type { DB } from '../db/schema';
import { storedVariants } from './stored-variants';
import type { StoredVariant } from './stored-variants';

export interface VideoJob {
  media_id: string;
  kind: 'post' | 'story' | 'message';
  owner_id: string;
  attempts: number;
}

export async function insertVideoJobs(
  db: Kysely<DB>,
  jobs: readonly {
    mediaId: string;
    kind: 'post' | 'story' | 'message';
    ownerId: string;
    now: string;
  }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto('video_jobs')
    .values(
      jobs.map((job) => ({
        media_id: job.mediaId,
        kind: job.kind,
        owner_id: job.ownerId,
        ready_at: job.now,
        claimed_until: null,
        created_at: job.now,
      })),
    )
    .execute();
}

/**
 * Takes the oldest due job nobody holds (or whose holder's claim ran out: an instance that died
 * mid-transcode), holding it until `claimUntil` and counting the attempt. PostgreSQL's
 * `for update skip locked` lets instances take different jobs; SQLite's one writer is atomic.
 */
export async function claimNextVideoJob(
  db: Kysely<DB>,
  now: string,
  claimUntil: string,
): Promise<VideoJob | undefined> {
  let next = db
    .selectFrom('video_jobs')
    .select('media_id')
    .where('ready_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('ready_at')
    .orderBy('media_id')
    .limit(1);
  if (dialectOf(db) === 'postgres') next = next.forUpdate().skipLocked();
  return db
    .updateTable('video_jobs')
    .set((eb) => ({ claimed_until: claimUntil, attempts: eb('attempts', '+', 1) }))
    .where('media_id', '=', next)
    .returning(['media_id', 'kind', 'owner_id', 'attempts'])
    .executeTakeFirst();
}

export async function deleteVideoJob(db: Kysely<DB>, mediaId: string): Promise<void> {
  await db.deleteFrom('video_jobs').where('media_id', '=', mediaId).execute();
}

/** Its transcode failed for a reason that may pass (the store away): tried again from `readyAt`. */
export async function releaseVideoJob(
  db: Kysely<DB>,
  mediaId: string,
  readyAt: string,
): Promise<void> {
  await db
    .updateTable('video_jobs')
    .set({ claimed_until: null, ready_at: readyAt })
    .where('media_id', '=', mediaId)
    .execute();
}

/** The attachment a job works on: where its upload waits, and which post it belongs to. */
export function findVideoAttachment(db: Kysely<DB>, attachmentId: string) {
  return db
    .selectFrom('media_attachments')
    .innerJoin('posts', 'posts.id', 'media_attachments.post_id')
    .select([
      'media_attachments.id',
      'media_attachments.post_id',
      'media_attachments.file_key',
      'media_attachments.status',
      'posts.user_id',
    ])
    .where('media_attachments.id', '=', attachmentId)
    .executeTakeFirst();
}

export interface ReadyVideo {
  fileKey: string;
  width: number;
  height: number;
  durationS: number;
  placeholder: string | null;
  blurhash: string | null;
  poster: { key: string; width: number; height: number; variants: StoredVariant[] };
}

/**
 * A transcoded video takes its place: its MP4 as `file_key`, its poster JPEG as `jpeg_key` (what
 * other servers are sent) and the poster's variants as `variants`, so deleting the post and the
 * sweeper find every file with no new rule. True when the attachment was still processing.
 */
export async function markVideoReady(
  db: Kysely<DB>,
  attachmentId: string,
  video: ReadyVideo,
): Promise<boolean> {
  const result = await db
    .updateTable('media_attachments')
    .set({
      status: 'ready',
      file_key: video.fileKey,
      width: video.width,
      height: video.height,
      duration_s: video.durationS,
      placeholder: video.placeholder,
      blurhash: video.blurhash,
      jpeg_key: video.poster.key,
      variants: storedVariants.encode(video.poster.variants),
      poster: JSON.stringify({
        key: video.poster.key,
        width: video.poster.width,
        height: video.poster.height,
      }),
    })
    .where('id', '=', attachmentId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markVideoFailed(db: Kysely<DB>, attachmentId: string): Promise<void> {
  await db
    .updateTable('media_attachments')
    .set({ status: 'failed' })
    .where('id', '=', attachmentId)
    .where('status', '=', 'processing')
    .execute();
}

/** How many of a post's media are not ready yet (processing or failed). */
export async function countUnreadyMedia(db: Kysely<DB>, postId: string): Promise<number> {
  const row = await db
    .selectFrom('media_attachments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('post_id', '=', postId)
    .where('status', '<>', 'ready')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The story a job works on: where its upload waits. */
export function findVideoStory(db: Kysely<DB>, storyId: string) {
  return db
    .selectFrom('stories')
    .select(['id', 'user_id', 'image_key as file_key', 'status'])
    .where('id', '=', storyId)
    .executeTakeFirst();
}

/**
 * A story's video takes its place: the MP4 as `video_key`, its poster as the story's picture
 * (`image_key`, variants, placeholder), so every list and cleanup of stories finds every file.
 */
export async function markStoryVideoReady(
  db: Kysely<DB>,
  storyId: string,
  video: ReadyVideo,
): Promise<boolean> {
  const result = await db
    .updateTable('stories')
    .set({
      status: 'ready',
      video_key: video.fileKey,
      duration_s: video.durationS,
      image_key: video.poster.key,
      width: video.width,
      height: video.height,
      placeholder: video.placeholder,
      variants: storedVariants.encode(video.poster.variants),
    })
    .where('id', '=', storyId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markStoryVideoFailed(db: Kysely<DB>, storyId: string): Promise<void> {
  await db
    .updateTable('stories')
    .set({ status: 'failed' })
    .where('id', '=', storyId)
    .where('status', '=', 'processing')
    .execute();
}
