import { newId } from '../ids';
import type { AppContext } from '../app-context';
import { indexNewPost, reindexCaption } from '../discovery/discovery-index';
import { blurhashToThumbHash, greyThumbHash } from '../media/blurhash';
import {
  deleteMediaAttachments,
  insertMediaAttachments,
} from '../repositories/media-attachments.repository';
import type { NewMediaAttachment } from '../repositories/media-attachments.repository';
import {
  insertPost,
  lockPost,
  markPostEdited,
  updatePostCaption,
} from '../repositories/posts.repository';
import { addToPostsCount } from '../repositories/profiles.repository';
import { storedVariants } from '../repositories/stored-variants';
import {
  findRemotePostByNote,
  insertRemoteMedia,
  insertRemotePost,
  isMissingRemoteKey,
  listRemoteImagesOf,
  missingRemoteKey,
  setRemoteAltText,
  updateRemotePostUrl,
} from '../repositories/remote-posts.repository';
import type { RemoteImage, RemoteNote } from './remote-notes';

type Deps = Pick<AppContext, 'database' | 'services' | 'clock' | 'events' | 'storage'>;

/** A photo's size until our copy says: what the sender said, else a square. */
const defaultSide = 1080;

/** A remote photo's row before its copy is fetched: a placeholder key, the sender's sizes. */
function pendingImage(postId: string, position: number, image: RemoteImage): NewMediaAttachment {
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

export type StoreOutcome = 'stored' | 'known' | 'no-images' | 'followers-only';

/**
 * A remote person's Note becomes their post here, its photos queued for copying (the post shows
 * their placeholders meanwhile). A Note without photos is not stored: this is a photo app. A
 * Note delivered twice is one post.
 */
export async function storeRemotePost(
  deps: Deps,
  authorId: string,
  note: RemoteNote,
  options: { publicOnly?: boolean } = {},
): Promise<StoreOutcome> {
  const db = deps.database.db;
  if (note.images.length === 0) return 'no-images';
  // An outbox read for a profile page takes public posts only: followers-only ones come
  // delivered, to a follower here.
  if (!note.isPublic && options.publicOnly) return 'followers-only';
  if (await findRemotePostByNote(db, note.id)) return 'known';
  const postId = newId();
  const images = note.images.map((image, index) => pendingImage(postId, index, image));
  const now = deps.clock.now().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await insertPost(trx, {
        id: postId,
        user_id: authorId,
        caption: note.caption,
        created_at: note.publishedAt,
      });
      await insertMediaAttachments(trx, images);
      await insertRemotePost(trx, {
        post_id: postId,
        note_url: note.id,
        url: note.url,
        is_public: note.isPublic ? 1 : 0,
      });
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
      await indexNewPost(trx, { id: postId, authorId, createdAt: note.publishedAt }, note.caption);
      await addToPostsCount(trx, authorId, 1);
    });
  } catch (error) {
    // The same Note arriving twice at once: the other delivery stored it.
    if (await findRemotePostByNote(db, note.id)) return 'known';
    throw error;
  }
  await deps.events.publish({ type: 'post.created', postId, authorId, imported: false });
  deps.services.remoteMedia.kick();
  return 'stored';
}

/**
 * An `Update` of a remote post by its author: the caption and alt texts change; when the photos
 * themselves changed, the old copies go and the new photos are queued.
 */
export async function updateRemotePost(
  deps: Deps,
  authorId: string,
  note: RemoteNote,
): Promise<boolean> {
  const db = deps.database.db;
  const known = await findRemotePostByNote(db, note.id);
  if (!known || known.user_id !== authorId) return false;
  const postId = known.post_id;
  const now = deps.clock.now().toISOString();
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
  await deps.storage.discard(removedKeys.filter((key) => !isMissingRemoteKey(key)));
  await deps.events.publish({
    type: 'post.edited',
    postId,
    authorId,
    captionChanged: true,
  });
  deps.services.remoteMedia.kick();
  return true;
}

/** A remote post's `Delete` by its author: the post goes with its copies. */
export async function deleteRemotePost(
  deps: Deps,
  senderId: string,
  noteUrl: string,
): Promise<boolean> {
  const known = await findRemotePostByNote(deps.database.db, noteUrl);
  if (!known || known.user_id !== senderId) return false;
  await deps.services.postEdits.removeByAdmin(known.post_id);
  return true;
}
