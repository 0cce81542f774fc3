import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { limits, messages, videoMessages } from '@pinhole/contracts';
import type { DB } from '../../db/schema';
import { looksLikeVideo, sniffVideoContainer } from '../../media/sniff';
import { uniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import {
  hasImportedPost,
  ownsPost,
  recordImportedPost,
} from '../../repositories/imports.repository';
import type { CreatePostService, NewPhoto } from '../create-post.service';
import type { ArchivePost } from './archive-posts';
import type { FailureList } from './failure-list';
import { ArchiveError, EntryTooLargeError, type ZipArchive } from './zip-archive';

/** How long a post waits for a free image worker before it is reported as not imported. */
const busyRetries = 30;
const busyRetryMs = 2000;

/** The first bytes of an extracted file, enough to tell what it is. */
async function headOf(file: string): Promise<Buffer> {
  const head = Buffer.alloc(512);
  const handle = await open(file, 'r');
  try {
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Why a photo the image checks refused is not imported. The upload form's "Please select an image
 * file" asks for another file, which means nothing in a report: a video the upload path does not
 * take (AVI, MPEG) is named as such, anything else as a file that is not a photo Pinhole reads.
 */
async function refusalReason(file: string, message: string): Promise<string> {
  if (message !== messages.notAnImage) return message;
  return looksLikeVideo(await headOf(file)) ? videoMessages.notAVideo : messages.notAPhotoToImport;
}

export type PostOutcome = 'imported' | 'skipped' | 'failed';

export interface ImportPostDeps {
  db: Kysely<DB>;
  createPost: CreatePostService;
  /** True once the server is shutting down: a post waiting for a worker gives up. */
  stopping: () => boolean;
  /** Whether this server has ffmpeg (videos go through the upload's path), and VIDEO_MAX_MB. */
  videos: { available: boolean; maxBytes: number };
}

/**
 * Imports one archive post: skipped when the account already has it; its photos and videos
 * extracted (each under its upload cap: 5 MB, or VIDEO_MAX_MB for a video) and shared through the
 * same path as a new post, with its date, and recorded with its archive key in the post's
 * transaction; its videos are then transcoded by the upload's queue, and the post reaches others
 * when they are ready. A file the photo or video checks refuse is listed and the post goes on
 * without it. Without ffmpeg its videos are listed as not imported and its photos come in.
 */
export async function importPost(
  deps: ImportPostDeps,
  userId: string,
  post: ArchivePost,
  archive: ZipArchive,
  work: string,
  failures: FailureList,
): Promise<PostOutcome> {
  const { db, createPost } = deps;
  if (
    (await hasImportedPost(db, userId, post.sourceKey)) ||
    (post.pinholeId !== null && (await ownsPost(db, userId, post.pinholeId)))
  ) {
    return 'skipped';
  }
  failures.add(...post.failures);
  const { videos: videoLimits } = deps;
  const photos: (NewPhoto & { entry: string })[] = [];
  // Media that are videos this server cannot take (no ffmpeg), named by the archive or found
  // from their bytes.
  let videos = 0;
  for (const [index, photo] of post.photos.entries()) {
    if (index >= limits.maxPostImages) {
      failures.add({ item: photo.entry, reason: messages.tooManyPhotos });
      continue;
    }
    if (photo.video && !videoLimits.available) {
      failures.add({ item: photo.entry, reason: messages.videoNotImported });
      videos += 1;
      continue;
    }
    const entry = archive.entries.get(photo.entry);
    if (!entry) {
      failures.add({ item: photo.entry, reason: 'Missing from the archive' });
      continue;
    }
    const file = path.join(work, String(index));
    // The upload's limits: a video (by its bytes) up to VIDEO_MAX_MB, anything else 5 MB. Only
    // an entry named as a video is read past 5 MB, so a photo that inflates is never written
    // out (a video under a photo's name is held to 5 MB).
    const videoMaxBytes = videoLimits.available ? videoLimits.maxBytes : 0;
    const videoTooLarge = videoMessages.tooLarge(Math.round(videoLimits.maxBytes / (1024 * 1024)));
    const cap = photo.video
      ? Math.max(videoMaxBytes, limits.maxUploadBytes)
      : limits.maxUploadBytes;
    try {
      await archive.extract(entry, file, cap);
    } catch (error) {
      if (!(error instanceof EntryTooLargeError) && !(error instanceof ArchiveError)) throw error;
      failures.add({
        item: photo.entry,
        reason:
          error instanceof EntryTooLargeError
            ? photo.video
              ? videoTooLarge
              : messages.fileTooLarge
            : `Could not be read from the archive (${error.message})`,
      });
      continue;
    }
    const isVideo = sniffVideoContainer(await headOf(file)) !== null;
    if (isVideo && !videoLimits.available) {
      // A video under a photo's name: the upload path would refuse the whole post (415).
      failures.add({ item: photo.entry, reason: messages.videoNotImported });
      videos += 1;
      continue;
    }
    const { size } = await stat(file);
    if (isVideo ? size > videoMaxBytes : size > limits.maxUploadBytes) {
      failures.add({
        item: photo.entry,
        reason: isVideo ? videoTooLarge : messages.fileTooLarge,
      });
      continue;
    }
    photos.push({ file, altText: photo.altText, entry: photo.entry, declaredVideo: photo.video });
  }
  let caption = post.caption;
  if (caption !== null && caption.length > limits.captionMaxLength) {
    caption = caption.slice(0, limits.captionMaxLength);
    failures.add({
      item: post.label,
      reason: `Its caption was cut to ${limits.captionMaxLength.toLocaleString('en-US')} characters`,
    });
  }
  const media = post.photos.length;
  let busy = 0;
  while (photos.length > 0) {
    try {
      await createPost.create(
        userId,
        { photos, caption },
        {
          createdAt: post.createdAt ?? undefined,
          imported: true,
          alongside: (trx, postId) =>
            recordImportedPost(trx, {
              user_id: userId,
              source_key: post.sourceKey,
              post_id: postId,
            }),
        },
      );
      return 'imported';
    } catch (error) {
      if (uniqueViolation(error) !== null) return 'skipped';
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'unavailable' && busy < busyRetries && !deps.stopping()) {
        busy += 1;
        await sleep(busyRetryMs);
        continue;
      }
      // A photo the image checks refuse is named in the error's fields: the post goes on
      // without it.
      const refused = Object.keys(error.fields ?? {})
        .map((field) => /^image\.(\d+)$/.exec(field)?.[1])
        .find((index) => index !== undefined);
      const photo = refused === undefined ? undefined : photos[Number(refused)];
      if (!photo) {
        failures.add({ item: post.label, reason: `Not imported: ${error.message}` });
        return 'failed';
      }
      failures.add({ item: photo.entry, reason: await refusalReason(photo.file, error.message) });
      photos.splice(Number(refused), 1);
    }
  }
  failures.add({
    item: post.label,
    reason:
      videos === media
        ? 'Not imported: videos are not imported'
        : 'Not imported: none of its photos could be',
  });
  return 'failed';
}
