import { open } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { limits, messages } from '@pinhole/contracts';
import type { DB } from '../../db/schema';
import { looksLikeVideo } from '../../media/sniff';
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

/**
 * Why a photo the image checks refused is not imported. The upload form's "Please select an image
 * file" asks for another file, which means nothing in a report: a video (whatever its name says)
 * is named as such, anything else as a file that is not a photo Pinhole reads.
 */
async function refusalReason(file: string, message: string): Promise<string> {
  if (message !== messages.notAnImage) return message;
  const head = Buffer.alloc(512);
  const handle = await open(file, 'r');
  try {
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return looksLikeVideo(head.subarray(0, bytesRead))
      ? messages.videoNotImported
      : messages.notAPhotoToImport;
  } finally {
    await handle.close();
  }
}

export type PostOutcome = 'imported' | 'skipped' | 'failed';

export interface ImportPostDeps {
  db: Kysely<DB>;
  createPost: CreatePostService;
  /** True once the server is shutting down: a post waiting for a worker gives up. */
  stopping: () => boolean;
}

/**
 * Imports one archive post: skipped when the account already has it; its photos extracted (each
 * under the upload cap) and shared through the same path as a new post, with its date, and
 * recorded with its archive key in the post's transaction. A photo the image checks refuse is
 * listed and the post goes on without it.
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
  const photos: (NewPhoto & { entry: string })[] = [];
  for (const [index, photo] of post.photos.entries()) {
    if (index >= limits.maxPostImages) {
      failures.add({ item: photo.entry, reason: messages.tooManyPhotos });
      continue;
    }
    const entry = archive.entries.get(photo.entry);
    if (!entry) {
      failures.add({ item: photo.entry, reason: 'Missing from the archive' });
      continue;
    }
    const file = path.join(work, String(index));
    try {
      await archive.extract(entry, file, limits.maxUploadBytes);
      photos.push({ file, altText: photo.altText, entry: photo.entry });
    } catch (error) {
      if (!(error instanceof EntryTooLargeError) && !(error instanceof ArchiveError)) throw error;
      failures.add({
        item: photo.entry,
        reason:
          error instanceof EntryTooLargeError
            ? messages.fileTooLarge
            : `Could not be read from the archive (${error.message})`,
      });
    }
  }
  let caption = post.caption;
  if (caption !== null && caption.length > limits.captionMaxLength) {
    caption = caption.slice(0, limits.captionMaxLength);
    failures.add({
      item: post.label,
      reason: `Its caption was cut to ${limits.captionMaxLength.toLocaleString('en-US')} characters`,
    });
  }
  // Media that are videos, named by the archive or found from their bytes.
  let videos = post.failures.filter(
    (failure) => failure.reason === messages.videoNotImported,
  ).length;
  const media = post.photos.length + videos;
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
      const reason = await refusalReason(photo.file, error.message);
      if (reason === messages.videoNotImported) videos += 1;
      failures.add({ item: photo.entry, reason });
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
