import { messages } from '@pinhole/contracts';
import { AppError, uploadRejected } from '../errors';
import type { ProcessedImage } from './image';
import { ImageRejectedError, checkImage, processImage } from './image';
import type { ImageQueue } from './image-queue';
import { ImageQueueFullError } from './image-queue';
import type { PhotoEditPlan, PictureSize } from './photo-edits';
import type { StoredVariant } from '../repositories/stored-variants';
import type { MediaKind, Storage } from '../storage/storage';
import { StorageKeyExistsError, mediaKey, newKeyNonce, variantKey } from '../storage/storage';

/**
 * The one way an uploaded photo becomes stored files, shared by posts and stories: the checks,
 * the decoding through the image queue, and the writing of the original and its variants.
 */

/** Seconds a client is asked to wait when every image worker is busy. */
const busyRetryAfterSeconds = 5;

/** Every image worker is busy and the queue is full: try again shortly. */
export const imageWorkersBusy = () =>
  new AppError('unavailable', messages.busy, undefined, busyRetryAfterSeconds);

/** The refusal of an upload for its photo at `index` (0-based), with the photo named in `fields`. */
export function rejectionToError(error: ImageRejectedError, index: number): AppError {
  const refusal =
    error.reason === 'unsupported'
      ? uploadRejected.notAnImage()
      : new AppError(
          'validation_error',
          error.reason === 'corrupt' ? messages.corruptImage : messages.imageTooLarge,
        );
  return new AppError(refusal.code, refusal.message, {
    image: refusal.message,
    [`image.${index}`]: refusal.message,
  });
}

/** The checks that need no decoding (type from the bytes, pixel count): before anything is stored. */
export async function checkPhoto(data: Buffer, index: number): Promise<PictureSize> {
  try {
    return await checkImage(data);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw rejectionToError(error, index);
    throw error;
  }
}

/**
 * Decodes, cleans (orientation, metadata, sRGB), applies the author's edits when there is a
 * `plan`, and resizes, in a slot of the image queue.
 */
export async function decodePhoto(
  queue: ImageQueue,
  data: Buffer,
  index: number,
  plan: PhotoEditPlan | null = null,
): Promise<ProcessedImage> {
  try {
    return await queue.run(() => processImage(data, plan));
  } catch (error) {
    if (error instanceof ImageRejectedError) throw rejectionToError(error, index);
    if (error instanceof ImageQueueFullError) throw imageWorkersBusy();
    throw error;
  }
}

/**
 * Writes the original and its variants under the `kind` folder, pushing each key to `written`
 * as it lands (so the caller can discard them all should anything fail later). The key is the
 * spec's `{ms timestamp}` followed by a random nonce, so that nobody can guess it (a private
 * account's files); should two keys still meet, the later upload takes the next millisecond.
 */
export async function storePhoto(
  storage: Storage,
  kind: Extract<MediaKind, 'posts' | 'stories' | 'remoteMedia' | 'messages'>,
  userId: string,
  image: ProcessedImage,
  written: string[],
): Promise<{ key: string; variants: StoredVariant[] }> {
  const nonce = newKeyNonce();
  let timestamp = Date.now();
  let key = mediaKey(kind, userId, timestamp, image.original.extension, nonce);
  for (let attempt = 0; ; attempt++) {
    try {
      await storage.put(key, image.original.data, image.original.contentType);
      written.push(key);
      break;
    } catch (error) {
      if (!(error instanceof StorageKeyExistsError) || attempt >= 20) throw error;
      timestamp += 1;
      key = mediaKey(kind, userId, timestamp, image.original.extension, nonce);
    }
  }
  const variants: StoredVariant[] = [];
  for (const variant of image.variants) {
    const variantStorageKey = variantKey(key, variant.width, variant.extension);
    await storage.put(variantStorageKey, variant.data, variant.contentType);
    written.push(variantStorageKey);
    variants.push({ key: variantStorageKey, width: variant.width, height: variant.height });
  }
  return { key, variants };
}
