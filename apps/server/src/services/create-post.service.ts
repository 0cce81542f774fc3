import type { Post } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { newId, nowIso } from '../ids';
import type { ProcessedImage } from '../media/image';
import { ImageRejectedError, processImage } from '../media/image';
import { ImageQueueFullError } from '../media/image-queue';
import { addToPostsCount } from '../repositories/profiles.repository';
import { insertPost } from '../repositories/posts.repository';
import { StorageKeyExistsError, postImageKey, postVariantKey } from '../storage/storage';
import type { Storage } from '../storage/storage';
import type { StoredVariant } from './posts.service';
import { getPost, uploadRejected } from './posts.service';

/** Seconds a client is asked to wait when every image worker is busy. */
const busyRetryAfterSeconds = 5;

function rejectionToError(error: ImageRejectedError): AppError {
  if (error.reason === 'unsupported') return uploadRejected.notAnImage();
  const message = error.reason === 'corrupt' ? messages.corruptImage : messages.imageTooLarge;
  return new AppError('validation_error', message, { image: message });
}

async function decode(context: AppContext, data: Buffer): Promise<ProcessedImage> {
  try {
    return await context.imageQueue.run(() => processImage(data));
  } catch (error) {
    if (error instanceof ImageRejectedError) throw rejectionToError(error);
    if (error instanceof ImageQueueFullError) {
      throw new AppError('unavailable', messages.busy, undefined, busyRetryAfterSeconds);
    }
    throw error;
  }
}

/**
 * Writes the original and its variants. The key is the spec's `{ms timestamp}.{ext}`; if two
 * uploads of one user land in the same millisecond, the later one takes the next free millisecond.
 */
async function storeImage(
  storage: Storage,
  userId: string,
  image: ProcessedImage,
  written: string[],
) {
  let timestamp = Date.now();
  let key = postImageKey(userId, timestamp, image.original.extension);
  for (let attempt = 0; ; attempt++) {
    try {
      await storage.put(key, image.original.data, image.original.contentType);
      written.push(key);
      break;
    } catch (error) {
      if (!(error instanceof StorageKeyExistsError) || attempt >= 20) throw error;
      timestamp += 1;
      key = postImageKey(userId, timestamp, image.original.extension);
    }
  }
  const variants: StoredVariant[] = [];
  for (const variant of image.variants) {
    const variantKey = postVariantKey(key, variant.width, variant.extension);
    await storage.put(variantKey, variant.data, variant.contentType);
    written.push(variantKey);
    variants.push({ key: variantKey, width: variant.width, height: variant.height });
  }
  return { key, variants };
}

/**
 * Validates and re-encodes the image, stores it, then records the post. If anything fails after
 * a file was written, the files are removed (retried while the store is unreachable): no
 * orphaned file, no half-written post, and no post appearing after an error answer.
 */
export async function createPost(
  context: AppContext,
  userId: string,
  upload: { data: Buffer; caption: string | null },
): Promise<Post> {
  const image = await decode(context, upload.data);
  const { db } = context.database;
  const written: string[] = [];
  const postId = newId();
  try {
    const stored = await storeImage(context.storage, userId, image, written);
    // The answer is read inside the transaction: a read after the commit could fail (the
    // database gone) and report an error for a post that exists.
    return await db.transaction().execute(async (trx) => {
      await insertPost(trx, {
        id: postId,
        user_id: userId,
        image_key: stored.key,
        image_width: image.original.width,
        image_height: image.original.height,
        image_placeholder: image.placeholder,
        image_variants: JSON.stringify(stored.variants),
        caption: upload.caption,
        created_at: nowIso(),
      });
      await addToPostsCount(trx, userId, 1);
      return getPost(trx, context.storage, postId, userId);
    });
  } catch (error) {
    await context.storage.discard(written);
    throw error;
  }
}
