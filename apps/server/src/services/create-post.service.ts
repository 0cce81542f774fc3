import type { Transaction } from 'kysely';
import type { Post } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { uploadRejected } from '../errors';
import { newId, nowIso } from '../ids';
import type { NewMediaAttachment } from '../repositories/media-attachments.repository';
import { insertMediaAttachments } from '../repositories/media-attachments.repository';
import { insertPost } from '../repositories/posts.repository';
import { addToPostsCount } from '../repositories/profiles.repository';
import { indexNewPost } from '../discovery/discovery-index';
import { keysOfUploads, storeUploads } from '../media/store-uploads';
import type { PostReadsService } from './post-reads.service';

export { imageWorkersBusy, rejectionToError } from '../media/photo-pipeline';

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
  /** An import: its captions were written elsewhere, long ago (told in its `post.created`). */
  imported?: boolean;
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
    if (upload.photos.length === 0) throw uploadRejected.notAnImage();
    const { db } = this.infra.database;
    const postId = newId();
    const stored = await storeUploads(
      this.infra,
      'posts',
      userId,
      upload.photos.map((photo) => photo.file),
    );
    let post: Post;
    try {
      const images: NewMediaAttachment[] = stored.map((item, index) => ({
        id: newId(),
        post_id: postId,
        position: index,
        file_key: item.key,
        width: item.width,
        height: item.height,
        placeholder: item.placeholder,
        variants: item.variants,
        alt_text: upload.photos[index]!.altText,
        blurhash: item.blurhash,
        jpeg_key: null,
      }));
      // Read back inside the transaction: once it commits, nothing may fail the request, or the
      // person would see an error for a post that exists.
      const createdAt = options.createdAt ?? nowIso();
      post = await db.transaction().execute(async (trx) => {
        await insertPost(trx, {
          id: postId,
          user_id: userId,
          caption: upload.caption,
          created_at: createdAt,
        });
        await insertMediaAttachments(trx, images);
        await indexNewPost(trx, { id: postId, authorId: userId, createdAt }, upload.caption);
        await options.alongside?.(trx, postId);
        await addToPostsCount(trx, userId, 1);
        return this.postReads.get(postId, userId, trx);
      });
    } catch (error) {
      await this.infra.storage.discard(keysOfUploads(stored));
      throw error;
    }
    await this.infra.events.publish({
      type: 'post.created',
      postId,
      authorId: userId,
      imported: options.imported === true,
    });
    return post;
  }
}
