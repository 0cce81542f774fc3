import { isRemoteUsername } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { newId } from '../ids';
import { reindexCaption } from '../discovery/discovery-index';
import { blurhashToThumbHash, greyThumbHash } from '../media/blurhash';
import type { RemoteMediaFetcher } from '../media/remote-media';
import {
  deleteMediaAttachments,
  insertMediaAttachments,
} from '../repositories/media-attachments.repository';
import type { NewMediaAttachment } from '../repositories/media-attachments.repository';
import { lockPost, markPostEdited, updatePostCaption } from '../repositories/posts.repository';
import { storedVariants } from '../repositories/stored-variants';
import { findCommentById } from '../repositories/comments.repository';
import { findRemoteActorByProfileId } from '../repositories/federation-actors.repository';
import { findProfileById } from '../repositories/profiles.repository';
import {
  claimOutboxRead,
  findRemotePostByNote,
  findRemotePostTarget,
  hasLocalFollower,
  insertRemoteMedia,
  isMissingRemoteKey,
  listRemoteImagesOf,
  missingRemoteKey,
  setRemoteAltText,
  updateRemotePostUrl,
} from '../repositories/remote-posts.repository';
import type { CreatePostService } from './create-post.service';
import type { PostEditsService } from './post-edits.service';

/** A photo of a remote post, as its Note describes it. */
export interface RemotePhoto {
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
  blurhash: string | null;
}

/** What a remote Note says that a post here shows (the inbox reads it: federation/remote-notes). */
export interface RemotePostContent {
  /** The Note's id. */
  id: string;
  /** Its page on its own server. */
  url: string | null;
  caption: string | null;
  isPublic: boolean;
  publishedAt: string;
  images: RemotePhoto[];
}

export type StoreOutcome = 'stored' | 'known' | 'no-images' | 'followers-only';

/** An outbox is read again after this long (a profile viewed often costs one read a day). */
const outboxRereadMs = 24 * 60 * 60_000;

/** A photo's size until our copy says: what the sender said, else a square. */
const defaultSide = 1080;

/** A remote photo's row before its copy is fetched: a placeholder key, the sender's sizes. */
function pendingImage(postId: string, position: number, image: RemotePhoto): NewMediaAttachment {
  const id = newId();
  const width = image.width && image.width > 0 ? image.width : defaultSide;
  const height = image.height && image.height > 0 ? image.height : defaultSide;
  return {
    id,
    post_id: postId,
    position,
    file_key: missingRemoteKey(id),
    width,
    height,
    placeholder:
      (image.blurhash && blurhashToThumbHash(image.blurhash, width, height)) ??
      greyThumbHash(width, height),
    variants: [],
    alt_text: image.altText,
    blurhash: image.blurhash,
    // Remote photos are never sent on as ours: no JPEG copy for other servers.
    jpeg_key: null,
  };
}

/**
 * Remote people's posts here: what the inbox (and a profile's outbox read) hands over once it has
 * read a Note. Creating one goes through the same path as a local post (CreatePostService), with
 * its origin; its photos are copied later by the remote media fetcher.
 */
export class RemotePostsService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly createPost: CreatePostService,
    private readonly postEdits: PostEditsService,
    private readonly remoteMedia: RemoteMediaFetcher,
  ) {}

  /** Someone here follows this remote person: their Notes become posts here. */
  followedHere(profileId: string): Promise<boolean> {
    return hasLocalFollower(this.infra.database.db, profileId);
  }

  /**
   * A remote person's Note becomes their post here, its photos queued for copying (the post
   * shows their placeholders meanwhile). A Note without photos is not stored: this is a photo
   * app. A Note delivered twice is one post.
   */
  async store(
    authorId: string,
    note: RemotePostContent,
    options: { publicOnly?: boolean } = {},
  ): Promise<StoreOutcome> {
    const db = this.infra.database.db;
    if (note.images.length === 0) return 'no-images';
    // An outbox read for a profile page takes public posts only: followers-only ones come
    // delivered, to a follower here.
    if (!note.isPublic && options.publicOnly) return 'followers-only';
    if (await findRemotePostByNote(db, note.id)) return 'known';
    try {
      await this.createPost.createRemote(authorId, {
        caption: note.caption,
        createdAt: note.publishedAt,
        media: (postId) => note.images.map((image, index) => pendingImage(postId, index, image)),
        origin: {
          noteUrl: note.id,
          url: note.url,
          isPublic: note.isPublic,
          sources: note.images.map((image) => image.url),
        },
      });
    } catch (error) {
      // The same Note arriving twice at once: the other delivery stored it.
      if (await findRemotePostByNote(db, note.id)) return 'known';
      throw error;
    }
    this.remoteMedia.kick();
    return 'stored';
  }

  /**
   * An `Update` of a remote post by its author: the caption and alt texts change; when the
   * photos themselves changed, the old copies go and the new photos are queued.
   */
  async update(authorId: string, note: RemotePostContent): Promise<boolean> {
    const db = this.infra.database.db;
    const known = await findRemotePostByNote(db, note.id);
    if (!known || known.user_id !== authorId) return false;
    const postId = known.post_id;
    const now = this.infra.clock.now().toISOString();
    let removedKeys: string[] = [];
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await lockPost(trx, postId))) return false;
      await markPostEdited(trx, postId, now);
      await updatePostCaption(trx, postId, note.caption, now);
      await reindexCaption(trx, { id: postId, authorId }, note.caption);
      await updateRemotePostUrl(trx, postId, note.url);
      const current = await listRemoteImagesOf(trx, postId);
      const sameSources =
        note.images.length > 0 &&
        current.length === note.images.length &&
        current.every((image, index) => image.source_url === note.images[index]!.url);
      if (sameSources) {
        for (const [index, image] of current.entries()) {
          await setRemoteAltText(trx, image.id, note.images[index]!.altText);
        }
        return true;
      }
      if (note.images.length === 0) return true;
      removedKeys = current.flatMap((image) => [
        image.file_key,
        ...storedVariants.keys(image.variants),
      ]);
      await deleteMediaAttachments(
        trx,
        current.map((image) => image.id),
      );
      const images = note.images.map((image, index) => pendingImage(postId, index, image));
      await insertMediaAttachments(trx, images);
      await insertRemoteMedia(
        trx,
        images.map((image, index) => ({
          image_id: image.id,
          post_id: postId,
          author_id: authorId,
          source_url: note.images[index]!.url,
        })),
        now,
      );
      return true;
    });
    if (!changed) return false;
    await this.infra.storage.discard(removedKeys.filter((key) => !isMissingRemoteKey(key)));
    await this.infra.events.publish({
      type: 'post.edited',
      postId,
      authorId,
      captionChanged: true,
    });
    this.remoteMedia.kick();
    return true;
  }

  /** A remote post's `Delete` by its author: the post goes with its copies. */
  async delete(senderId: string, noteUrl: string): Promise<boolean> {
    const known = await findRemotePostByNote(this.infra.database.db, noteUrl);
    if (!known || known.user_id !== senderId) return false;
    await this.postEdits.removeByAdmin(known.post_id);
    return true;
  }

  /**
   * A remote person's outbox may be read now (a profile's first view, then once a day): the
   * read is claimed, so two views at once read it once. Their actor's URL, or undefined.
   */
  async claimOutboxRead(profileId: string): Promise<string | undefined> {
    const db = this.infra.database.db;
    const remote = await findRemoteActorByProfileId(db, profileId);
    if (!remote) return undefined;
    const now = this.infra.clock.now();
    const notBefore = new Date(now.getTime() - outboxRereadMs).toISOString();
    const claimed = await claimOutboxRead(db, profileId, now.toISOString(), notBefore);
    return claimed ? remote.actor_url : undefined;
  }

  /**
   * A person here acting on a remote post (a like, a comment): where the post's Note and its
   * author live, and the person's username. Undefined for anything else.
   */
  async interaction(postId: string, userId: string) {
    const db = this.infra.database.db;
    const [target, person] = await Promise.all([
      findRemotePostTarget(db, postId),
      findProfileById(db, userId),
    ]);
    if (!target || !person || isRemoteUsername(person.username)) return undefined;
    return { target, username: person.username };
  }

  /** A comment's text, as a reply Note carries it. */
  async commentText(commentId: string): Promise<string> {
    return (await findCommentById(this.infra.database.db, commentId)).content;
  }
}
