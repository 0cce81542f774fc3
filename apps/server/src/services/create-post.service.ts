import type { Post } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { AppError, uploadRejected } from '../errors';
import { newId, nowIso } from '../ids';
import type { ProcessedImage } from '../media/image';
import { ImageRejectedError, processImage } from '../media/image';
import { ImageQueueFullError } from '../media/image-queue';
import { insertPost } from '../repositories/posts.repository';
import { addToPostsCount } from '../repositories/profiles.repository';
import type { StoredVariant } from '../repositories/stored-variants';
import { StorageKeyExistsError, newKeyNonce, postImageKey, variantKey } from '../storage/storage';
import type { PostReadsService } from './post-reads.service';

/** Seconds a client is asked to wait when every image worker is busy. */
const busyRetryAfterSeconds = 5;

function rejectionToError(error: ImageRejectedError): AppError {
  if (error.reason === 'unsupported') return uploadRejected.notAnImage();
  const message = error.reason === 'corrupt' ? messages.corruptImage : messages.imageTooLarge;
  return new AppError('validation_error', message, { image: message });
}

export class CreatePostService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly postReads: PostReadsService,
  ) {}

  /**
   * Validates and re-encodes the image, stores it, then records the post. If anything fails after
   * a file was written, the files are removed (retried while the store is unreachable): no
   * orphaned file, no half-written post.
   */
  async create(userId: string, upload: { data: Buffer; caption: string | null }): Promise<Post> {
    const image = await this.#decode(upload.data);
    const { db } = this.infra.database;
    const written: string[] = [];
    const postId = newId();
    let post: Post;
    try {
      const stored = await this.#store(userId, image, written);
      // Read back inside the transaction: once it commits, nothing may fail the request, or the
      // person would see an error for a post that exists.
      post = await db.transaction().execute(async (trx) => {
        await insertPost(trx, {
          id: postId,
          user_id: userId,
          image_key: stored.key,
          image_width: image.original.width,
          image_height: image.original.height,
          image_placeholder: image.placeholder,
          image_variants: stored.variants,
          caption: upload.caption,
          created_at: nowIso(),
        });
        await addToPostsCount(trx, userId, 1);
        return this.postReads.get(postId, userId, trx);
      });
    } catch (error) {
      await this.infra.storage.discard(written);
      throw error;
    }
    await this.infra.events.publish({ type: 'post.created', postId, authorId: userId });
    return post;
  }

  async #decode(data: Buffer): Promise<ProcessedImage> {
    try {
      return await this.infra.imageQueue.run(() => processImage(data));
    } catch (error) {
      if (error instanceof ImageRejectedError) throw rejectionToError(error);
      if (error instanceof ImageQueueFullError) {
        throw new AppError('unavailable', messages.busy, undefined, busyRetryAfterSeconds);
      }
      throw error;
    }
  }

  /**
   * Writes the original and its variants. The key is the spec's `{ms timestamp}` followed by a
   * random nonce, so that nobody can guess it (a private account's files); should two keys
   * still meet, the later upload takes the next millisecond.
   */
  async #store(userId: string, image: ProcessedImage, written: string[]) {
    const { storage } = this.infra;
    const nonce = newKeyNonce();
    let timestamp = Date.now();
    let key = postImageKey(userId, timestamp, image.original.extension, nonce);
    for (let attempt = 0; ; attempt++) {
      try {
        await storage.put(key, image.original.data, image.original.contentType);
        written.push(key);
        break;
      } catch (error) {
        if (!(error instanceof StorageKeyExistsError) || attempt >= 20) throw error;
        timestamp += 1;
        key = postImageKey(userId, timestamp, image.original.extension, nonce);
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
}
