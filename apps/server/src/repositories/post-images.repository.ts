import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { StoredVariant } from './stored-variants';
import { storedVariants } from './stored-variants';

/** One stored photo of a post, its variants decoded. */
export interface PostImageRow {
  id: string;
  post_id: string;
  position: number;
  image_key: string;
  width: number;
  height: number;
  placeholder: string | null;
  variants: StoredVariant[];
  alt_text: string | null;
  /** For other servers: a BlurHash, and a JPEG copy of a WebP, AVIF or PNG original. */
  blurhash: string | null;
  jpeg_key: string | null;
}

export type NewPostImage = PostImageRow;

const decode = (row: Omit<PostImageRow, 'variants'> & { variants: string }): PostImageRow => ({
  ...row,
  variants: storedVariants.decode(row.variants),
});

const columns = [
  'id',
  'post_id',
  'position',
  'image_key',
  'width',
  'height',
  'placeholder',
  'variants',
  'alt_text',
  'blurhash',
  'jpeg_key',
] as const;

export async function insertPostImages(
  db: Kysely<DB>,
  images: readonly NewPostImage[],
): Promise<void> {
  if (images.length === 0) return;
  await db
    .insertInto('post_images')
    .values(images.map((image) => ({ ...image, variants: storedVariants.encode(image.variants) })))
    .execute();
}

/** The photos of these posts, each post's in its order: one query for a whole page. */
export async function listImagesOfPosts(
  db: Kysely<DB>,
  postIds: readonly string[],
): Promise<Map<string, PostImageRow[]>> {
  const byPost = new Map<string, PostImageRow[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_images')
    .select(columns)
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byPost.get(row.post_id) ?? [];
    list.push(decode(row));
    byPost.set(row.post_id, list);
  }
  return byPost;
}

/**
 * Gives the photos named in `order` positions 0, 1, … and their alt texts. Two passes, because
 * `(post_id, position)` is unique: first every photo moves to a negative position no other
 * holds, then to its place.
 */
export async function reorderPostImages(
  db: Kysely<DB>,
  postId: string,
  order: readonly { id: string; alt_text: string | null }[],
): Promise<void> {
  for (const [index, image] of order.entries()) {
    await db
      .updateTable('post_images')
      .set({ position: -1 - index, alt_text: image.alt_text })
      .where('post_id', '=', postId)
      .where('id', '=', image.id)
      .execute();
  }
  for (const [index, image] of order.entries()) {
    await db
      .updateTable('post_images')
      .set({ position: index })
      .where('post_id', '=', postId)
      .where('id', '=', image.id)
      .execute();
  }
}

/** Every stored file of a photo: its original, its variants and its JPEG copy. */
export const storedKeysOf = (row: {
  image_key: string;
  variants: string;
  jpeg_key: string | null;
}): string[] => [
  row.image_key,
  ...storedVariants.keys(row.variants),
  ...(row.jpeg_key ? [row.jpeg_key] : []),
];

/** Keeps what other servers are sent of a photo, once made. */
export async function setFederationMedia(
  db: Kysely<DB>,
  id: string,
  media: { blurhash: string; jpeg_key: string | null },
): Promise<void> {
  await db.updateTable('post_images').set(media).where('id', '=', id).execute();
}

/** Deletes every photo of a post and answers their stored keys (originals and variants). */
export async function deleteImagesOfPost(db: Kysely<DB>, postId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('post_images')
    .where('post_id', '=', postId)
    .returning(['image_key', 'variants', 'jpeg_key'])
    .execute();
  return rows.flatMap(storedKeysOf);
}

export async function deletePostImages(db: Kysely<DB>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('post_images').where('id', 'in', ids).execute();
}

/** Every storage key a post photo references (original and variants): the sweeper keeps these. */
export async function listPostImageKeys(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('post_images')
    .select(['image_key', 'variants', 'jpeg_key'])
    .execute();
  return rows.flatMap(storedKeysOf);
}

/** A batch of post photos in id order, after `afterId`: for maintenance scans. */
export async function listPostImagesAfter(db: Kysely<DB>, afterId: string, limit: number) {
  const rows = await db
    .selectFrom('post_images')
    .select(['id', 'post_id', 'image_key', 'width', 'variants'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, variants: storedVariants.decode(row.variants) }));
}

/**
 * Replaces a photo's variant list if it is still `expected` (another instance may have done the
 * same meanwhile), and the post's mirror of it when it is the first photo. True when this call
 * changed it.
 */
export async function replaceImageVariants(
  db: Kysely<DB>,
  image: { id: string; post_id: string; image_key: string },
  expected: readonly StoredVariant[],
  variants: readonly StoredVariant[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('post_images')
      .set({ variants: storedVariants.encode(variants) })
      .where('id', '=', image.id)
      .where('variants', '=', storedVariants.encode(expected))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('posts')
      .set({ image_variants: storedVariants.encode(variants) })
      .where('id', '=', image.post_id)
      .where('image_key', '=', image.image_key)
      .execute();
    return true;
  });
}
