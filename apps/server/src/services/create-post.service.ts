import type { Transaction } from 'kysely';
import type { PhotoEdit, Post } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { uploadRejected } from '../errors';
import { newId, nowIso } from '../ids';
import type { NewMediaAttachment } from '../repositories/media-attachments.repository';
import { insertMediaAttachments } from '../repositories/media-attachments.repository';
import { insertPost } from '../repositories/posts.repository';
import { insertVideoJobs } from '../repositories/video-jobs.repository';
import { addToPostsCount } from '../repositories/profiles.repository';
import { insertRemoteMedia, insertRemotePost } from '../repositories/remote-posts.repository';
import { indexNewPost } from '../discovery/discovery-index';
import { keysOfUploads, storeUploads } from '../media/store-uploads';
import type { PostReadsService } from './post-reads.service';
import type { VideoJobsService } from './video-jobs.service';

export { imageWorkersBusy, rejectionToError } from '../media/photo-pipeline';

/** A photo of a new post: where its bytes wait, and its alt text. */
export interface NewPhoto {
  file: string;
  altText: string | null;
  /** Sent as a video (its type or name): bytes that are not one are refused as a broken video. */
  declaredVideo?: boolean;
}

/** Where a remote post came from: its Note, and where each of its media is fetched from. */
export interface RemoteOrigin {
  noteUrl: string;
  /** Its page on its own server. */
  url: string | null;
  /** Addressed to Public, rather than to its author's followers only. */
  isPublic: boolean;
  /** Each attachment's remote file, in order. */
  sources: string[];
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
    private readonly videoJobs?: VideoJobsService,
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
    upload: { photos: NewPhoto[]; caption: string | null; edits?: (PhotoEdit | null)[] | null },
    options: CreatePostOptions = {},
  ): Promise<Post> {
    if (upload.photos.length === 0) throw uploadRejected.notAnImage();
    const postId = newId();
    const stored = await storeUploads(
      this.infra,
      'posts',
      userId,
      upload.photos.map((photo) => photo.file),
      upload.edits ?? null,
      // An import's videos come the same way (services/imports/ keeps them out without ffmpeg).
      {
        tools: this.infra.videoTools,
        maxSeconds: this.infra.config.video.maxSeconds,
        declared: upload.photos.map((photo) => photo.declaredVideo === true),
      },
    );
    const createdAt = options.createdAt ?? nowIso();
    const media: NewMediaAttachment[] = stored.map((item, index) => ({
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
      ...(item.type === 'video'
        ? { type: 'video' as const, status: 'processing' as const, duration_s: item.durationS }
        : {}),
    }));
    const videos = media.filter((item) => item.type === 'video').map((item) => item.id);
    let post: Post;
    try {
      // Read back inside the transaction: once it commits, nothing may fail the request, or the
      // person would see an error for a post that exists.
      post = await this.#record(
        { id: postId, authorId: userId, caption: upload.caption, createdAt, media, videos },
        options,
        (trx) => this.postReads.get(postId, userId, trx),
      );
    } catch (error) {
      await this.infra.storage.discard(keysOfUploads(stored));
      throw error;
    }
    // A post with videos reaches others when they are transcoded (VideoJobsService publishes,
    // an import's as imported: it finds the post's imported_posts row).
    if (videos.length === 0) await this.#published(postId, userId, options);
    else this.videoJobs?.kick();
    return post;
  }

  /**
   * A remote person's post, from the Note it came as: recorded as a local one is, with its
   * origin. Its media wait for their copies (`media/remote-media.ts` fetches them from
   * `origin.sources` later), so each comes with its placeholder key and the sender's sizes.
   */
  async createRemote(
    authorId: string,
    post: {
      caption: string | null;
      createdAt: string;
      media: (postId: string) => NewMediaAttachment[];
      origin: RemoteOrigin;
    },
  ): Promise<string> {
    const postId = newId();
    const media = post.media(postId);
    const now = this.infra.clock.now().toISOString();
    const { origin } = post;
    await this.#record(
      { id: postId, authorId, caption: post.caption, createdAt: post.createdAt, media },
      {
        alongside: async (trx) => {
          await insertRemotePost(trx, {
            post_id: postId,
            note_url: origin.noteUrl,
            url: origin.url,
            is_public: origin.isPublic ? 1 : 0,
          });
          await insertRemoteMedia(
            trx,
            media.map((item, index) => ({
              image_id: item.id,
              post_id: postId,
              author_id: authorId,
              source_url: origin.sources[index]!,
            })),
            now,
          );
        },
      },
      async () => undefined,
    );
    await this.#published(postId, authorId, {});
    return postId;
  }

  /** The post's rows, its media, its index entries and its author's count, in one transaction. */
  async #record<T>(
    post: {
      id: string;
      authorId: string;
      caption: string | null;
      createdAt: string;
      media: NewMediaAttachment[];
      /** Its video attachments, each queued for its transcode with the post. */
      videos?: string[];
    },
    options: CreatePostOptions,
    readBack: (trx: Transaction<DB>) => Promise<T>,
  ): Promise<T> {
    return this.infra.database.db.transaction().execute(async (trx) => {
      await insertPost(trx, {
        id: post.id,
        user_id: post.authorId,
        caption: post.caption,
        created_at: post.createdAt,
      });
      await insertMediaAttachments(trx, post.media);
      const now = this.infra.clock.now().toISOString();
      await insertVideoJobs(
        trx,
        (post.videos ?? []).map((mediaId) => ({
          mediaId,
          kind: 'post' as const,
          ownerId: post.authorId,
          now,
        })),
      );
      const entry = { id: post.id, authorId: post.authorId, createdAt: post.createdAt };
      await indexNewPost(trx, entry, post.caption);
      await options.alongside?.(trx, post.id);
      await addToPostsCount(trx, post.authorId, 1);
      return readBack(trx);
    });
  }

  async #published(postId: string, authorId: string, options: CreatePostOptions): Promise<void> {
    await this.infra.events.publish({
      type: 'post.created',
      postId,
      authorId,
      imported: options.imported === true,
    });
  }
}
