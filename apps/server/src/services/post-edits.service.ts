import type { Post, UpdatePostRequest } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import { cacheTags } from '../cache/cache-tags';
import { markTopicsChanged } from '../repositories/cache-changes.repository';
import type { Kysely } from 'kysely';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { AppError, notFound } from '../errors';
import { nowIso } from '../ids';
import {
  deleteMediaAttachments,
  deleteMediaOfPost,
  listMediaOfPosts,
  reorderMediaAttachments,
} from '../repositories/media-attachments.repository';
import {
  deletePost,
  findPostAuthor,
  lockPost,
  markPostEdited,
  updatePostCaption,
} from '../repositories/posts.repository';
import { addToPostsCount } from '../repositories/profiles.repository';
import { deleteTagsOfPost } from '../repositories/post-tags.repository';
import { reindexCaption } from '../discovery/discovery-index';
import type { PostReadsService } from './post-reads.service';
import { canSeeContentOf } from '../policies/visibility';

const notYourPost = () => new AppError('forbidden', messages.notYourPost);

/**
 * The author of a post, for a change only they may make: 404 when the post does not exist or
 * the viewer may not see it (a private account's post is not there for them), 403 when they see
 * it but did not write it.
 */
async function requireAuthor(db: Kysely<DB>, postId: string, userId: string): Promise<string> {
  const author = await findPostAuthor(db, postId);
  if (!author || !(await canSeeContentOf(db, userId, author))) throw notFound();
  if (author.id !== userId) throw notYourPost();
  return author.id;
}

/** Changing and deleting posts: by their author only (admins come later). */
export class PostEditsService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly postReads: PostReadsService,
  ) {}

  /**
   * Changes the caption and/or the photos (new order, alt texts, the ones left out removed) and
   * marks the post edited. The photos left out lose their files once the change committed.
   */
  async update(postId: string, userId: string, change: UpdatePostRequest): Promise<Post> {
    let removedKeys: string[] = [];
    let edited = false;
    let becameReady = false;
    const post = await this.infra.database.db.transaction().execute(async (trx) => {
      await requireAuthor(trx, postId, userId);
      if (change.caption === undefined && change.images === undefined) {
        return this.postReads.get(postId, userId, trx);
      }
      edited = true;
      // Two edits, or an edit and a delete, of one post take turns: each reads what the other left.
      if (!(await lockPost(trx, postId))) throw notFound();
      const editedAt = nowIso();
      await markPostEdited(trx, postId, editedAt);
      if (change.images !== undefined) {
        ({ removedKeys, becameReady } = await this.#arrangePhotos(trx, postId, change.images));
        // Its failed or waiting video removed, the post is whole: every list may now show it.
        if (becameReady) {
          await markTopicsChanged(trx, [cacheTags.postsOf(userId), cacheTags.anyPrivacy]);
        }
      }
      if (change.caption !== undefined) {
        await updatePostCaption(trx, postId, change.caption, editedAt);
        await reindexCaption(trx, { id: postId, authorId: userId }, change.caption);
      }
      return this.postReads.get(postId, userId, trx);
    });
    if (becameReady) {
      // It reaches others only now (as when its last video is transcoded).
      await this.infra.events.publish({
        type: 'post.created',
        postId,
        authorId: userId,
        imported: false,
      });
    } else if (edited) {
      await this.infra.events.publish({
        type: 'post.edited',
        postId,
        authorId: userId,
        captionChanged: change.caption !== undefined,
      });
    }
    await this.infra.storage.discard(removedKeys);
    return post;
  }

  /**
   * Puts the named photos in order with their alt texts, removes the others: their keys, and
   * whether the post had media not ready and now has none (a failed video removed).
   */
  async #arrangePhotos(
    db: Kysely<DB>,
    postId: string,
    order: NonNullable<UpdatePostRequest['images']>,
  ): Promise<{ removedKeys: string[]; becameReady: boolean }> {
    const current = (await listMediaOfPosts(db, [postId])).get(postId) ?? [];
    const byId = new Map(current.map((image) => [image.id, image]));
    for (const [index, named] of order.entries()) {
      if (!byId.has(named.id)) {
        const message = 'This post has no such photo';
        throw new AppError('validation_error', message, { [`images.${index}.id`]: message });
      }
    }
    const kept = new Set(order.map((image) => image.id));
    const removed = current.filter((image) => !kept.has(image.id));
    await deleteMediaAttachments(
      db,
      removed.map((image) => image.id),
    );
    await reorderMediaAttachments(db, postId, order);
    const notReady = (image: { status: string }) => image.status !== 'ready';
    const becameReady =
      current.some(notReady) && !current.some((image) => kept.has(image.id) && notReady(image));
    const removedKeys = removed.flatMap((image) => [
      image.file_key,
      ...image.variants.map((variant) => variant.key),
      ...(image.jpeg_key ? [image.jpeg_key] : []),
    ]);
    return { removedKeys, becameReady };
  }

  /**
   * Deletes a post with its likes, comments and saves (the foreign keys cascade, and their
   * triggers tell every instance's caches), moves the author's post count, then removes every
   * stored file of its photos. A second delete finds nothing: 404.
   */
  async delete(postId: string, userId: string): Promise<void> {
    await this.#delete(postId, (trx) => requireAuthor(trx, postId, userId));
  }

  /** An admin removing a reported post: no author check, the same cleanup as the author's. */
  async removeByAdmin(postId: string): Promise<void> {
    await this.#delete(postId, async (trx) => {
      const author = await findPostAuthor(trx, postId);
      if (!author) throw notFound();
      return author.id;
    });
  }

  async #delete(postId: string, authorOf: (trx: Kysely<DB>) => Promise<string>): Promise<void> {
    const { keys, authorId } = await this.infra.database.db.transaction().execute(async (trx) => {
      const authorId = await authorOf(trx);
      // A concurrent delete of the same post waits here, then finds no post: 404.
      if (!(await lockPost(trx, postId))) throw notFound();
      const keys = await deleteMediaOfPost(trx, postId);
      // The cascade would remove the tags too, in no set order; in name order two writers
      // moving the same hashtags' counts never wait on each other in a cycle.
      await deleteTagsOfPost(trx, postId);
      if (!(await deletePost(trx, postId))) throw notFound();
      await addToPostsCount(trx, authorId, -1);
      return { keys, authorId };
    });
    await this.infra.storage.discard(keys);
    await this.infra.events.publish({ type: 'post.deleted', postId, authorId });
  }
}
