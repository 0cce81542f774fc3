import fs from 'node:fs/promises';
import type { Transaction } from 'kysely';
import type { Post } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { AppError, uploadRejected } from '../errors';
import { newId, nowIso } from '../ids';
import type { ProcessedImage } from '../media/image';
import { ImageRejectedError, checkImage, processImage } from '../media/image';
import { ImageQueueFullError } from '../media/image-queue';
import type { NewPostImage } from '../repositories/post-images.repository';
import { insertPostImages } from '../repositories/post-images.repository';
import { insertPost } from '../repositories/posts.repository';
import { addToPostsCount } from '../repositories/profiles.repository';
import type { StoredVariant } from '../repositories/stored-variants';
import { StorageKeyExistsError, newKeyNonce, postImageKey, variantKey } from '../storage/storage';
import { indexNewPost } from './discovery-index';
import type { PostReadsService } from './post-reads.service';

/** Seconds a client is asked to wait when every image worker is busy. */
const busyRetryAfterSeconds = 5;

/** Every image worker is busy and the queue is full: try again shortly. */
export const imageWorkersBusy = () =>
  new AppError('unavailable', messages.busy, undefined, busyRetryAfterSeconds);

/** The refusal of a post for its photo at `index` (0-based), with the photo named in `fields`. */
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

/** A photo of a new post: where its bytes wait, and its alt text. */
export interface NewPhoto {
  file: string;
  altText: string | null;
}

/** What an import adds to sharing a post. */
export interface CreatePostOptions {
  /** When it was first shared elsewhere; now by default. */
  createdAt?: string;
  /** Runs in the post's transaction, so that what it records exists exactly when the post does. */
  alongside?: (trx: Transaction<DB>, postId: string) => Promise<void>;
}

export class CreatePostService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly postReads: PostReadsService,
  ) {}

  /**
   * Shares a post of 1–10 photos. Every photo's type and size in pixels is checked before any is
   * processed; then each is decoded, cleaned and stored in turn (one at a time, through the image
   * queue, so ten 12 MP photos never sit decoded at once), and the post is recorded with all of
   * them. If a photo turns out damaged while it is decoded, or anything else fails, the files
   * already written are removed (retried while the store is unreachable): one bad photo leaves
   * no file and no post behind.
   */
  async create(
    userId: string,
    upload: { photos: NewPhoto[]; caption: string | null },
    options: CreatePostOptions = {},
  ): Promise<Post> {
    for (const [index, photo] of upload.photos.entries()) {
      await this.#check(await fs.readFile(photo.file), index);
    }
    const { db } = this.infra.database;
    const written: string[] = [];
    const postId = newId();
    let post: Post;
    try {
      const images: NewPostImage[] = [];
      for (const [index, photo] of upload.photos.entries()) {
        const image = await this.#decode(await fs.readFile(photo.file), index);
        const stored = await this.#store(userId, image, written);
        images.push({
          id: newId(),
          post_id: postId,
          position: index,
          image_key: stored.key,
          width: image.original.width,
          height: image.original.height,
          placeholder: image.placeholder,
          variants: stored.variants,
          alt_text: photo.altText,
        });
      }
      const first = images[0];
      if (!first) throw uploadRejected.notAnImage();
      // Read back inside the transaction: once it commits, nothing may fail the request, or the
      // person would see an error for a post that exists.
      const createdAt = options.createdAt ?? nowIso();
      post = await db.transaction().execute(async (trx) => {
        await insertPost(trx, {
          id: postId,
          user_id: userId,
          image_key: first.image_key,
          image_width: first.width,
          image_height: first.height,
          image_placeholder: first.placeholder,
          image_variants: first.variants,
          caption: upload.caption,
          created_at: createdAt,
        });
        await insertPostImages(trx, images);
        await indexNewPost(trx, { id: postId, authorId: userId, createdAt }, upload.caption);
        await options.alongside?.(trx, postId);
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

  async #check(data: Buffer, index: number): Promise<void> {
    try {
      await checkImage(data);
    } catch (error) {
      if (error instanceof ImageRejectedError) throw rejectionToError(error, index);
      throw error;
    }
  }

  async #decode(data: Buffer, index: number): Promise<ProcessedImage> {
    try {
      return await this.infra.imageQueue.run(() => processImage(data));
    } catch (error) {
      if (error instanceof ImageRejectedError) throw rejectionToError(error, index);
      if (error instanceof ImageQueueFullError) throw imageWorkersBusy();
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
