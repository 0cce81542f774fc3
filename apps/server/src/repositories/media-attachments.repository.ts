import type { Kysely } from 'kysely';
import type { DB, MediaStatus, MediaType } from '../db/schema';
import type { StoredVariant } from './stored-variants';
import { storedVariants } from './stored-variants';

/** One stored photo (or video) of a post, its variants decoded. */
export interface MediaAttachmentRow {
  id: string;
  post_id: string;
  position: number;
  type: MediaType;
  file_key: string;
  width: number;
  height: number;
  placeholder: string | null;
  variants: StoredVariant[];
  alt_text: string | null;
  /** For other servers: a BlurHash, and a JPEG copy of a WebP, AVIF or PNG original. */
  blurhash: string | null;
  jpeg_key: string | null;
  status: MediaStatus;
}

/** What a writer gives: a photo, ready (a video's columns come with the video issue). */
export type NewMediaAttachment = Omit<MediaAttachmentRow, 'type' | 'status'>;

type StoredRow = Omit<MediaAttachmentRow, 'variants'> & { variants: string };

const decode = (row: StoredRow): MediaAttachmentRow => ({
  ...row,
  variants: storedVariants.decode(row.variants),
});

const columns = [
  'id',
  'post_id',
  'position',
  'type',
  'file_key',
  'width',
  'height',
  'placeholder',
  'variants',
  'alt_text',
  'blurhash',
  'jpeg_key',
  'status',
] as const;

export async function insertMediaAttachments(
  db: Kysely<DB>,
  media: readonly NewMediaAttachment[],
): Promise<void> {
  if (media.length === 0) return;
  await db
    .insertInto('media_attachments')
    .values(media.map((one) => ({ ...one, variants: storedVariants.encode(one.variants) })))
    .execute();
}

/** The media of these posts, each post's in its order: one query for a whole page. */
export async function listMediaOfPosts(
  db: Kysely<DB>,
  postIds: readonly string[],
): Promise<Map<string, MediaAttachmentRow[]>> {
  const byPost = new Map<string, MediaAttachmentRow[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('media_attachments')
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
 * Gives the media named in `order` positions 0, 1, … and their alt texts. Two passes, because
 * `(post_id, position)` is unique: first every item moves to a negative position no other
 * holds, then to its place.
 */
export async function reorderMediaAttachments(
  db: Kysely<DB>,
  postId: string,
  order: readonly { id: string; alt_text: string | null }[],
): Promise<void> {
  for (const [index, item] of order.entries()) {
    await db
      .updateTable('media_attachments')
      .set({ position: -1 - index, alt_text: item.alt_text })
      .where('post_id', '=', postId)
      .where('id', '=', item.id)
      .execute();
  }
  for (const [index, item] of order.entries()) {
    await db
      .updateTable('media_attachments')
      .set({ position: index })
      .where('post_id', '=', postId)
      .where('id', '=', item.id)
      .execute();
  }
}

/** Every stored file of an attachment: its original, its variants and its JPEG copy. */
export const storedKeysOf = (row: {
  file_key: string;
  variants: string;
  jpeg_key: string | null;
}): string[] => [
  row.file_key,
  ...storedVariants.keys(row.variants),
  ...(row.jpeg_key ? [row.jpeg_key] : []),
];

/** Keeps what other servers are sent of a photo, once made. */
export async function setFederationMedia(
  db: Kysely<DB>,
  id: string,
  media: { blurhash: string; jpeg_key: string | null },
): Promise<void> {
  await db.updateTable('media_attachments').set(media).where('id', '=', id).execute();
}

/** Deletes every attachment of a post and answers their stored keys (originals and variants). */
export async function deleteMediaOfPost(db: Kysely<DB>, postId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('media_attachments')
    .where('post_id', '=', postId)
    .returning(['file_key', 'variants', 'jpeg_key'])
    .execute();
  return rows.flatMap(storedKeysOf);
}

export async function deleteMediaAttachments(
  db: Kysely<DB>,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('media_attachments').where('id', 'in', ids).execute();
}

/** Every storage key a post's media reference (originals and variants): the sweeper keeps these. */
export async function listPostMediaKeys(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('media_attachments')
    .select(['file_key', 'variants', 'jpeg_key'])
    .execute();
  return rows.flatMap(storedKeysOf);
}

/** A batch of post media in id order, after `afterId`: for maintenance scans. */
export async function listMediaAttachmentsAfter(db: Kysely<DB>, afterId: string, limit: number) {
  const rows = await db
    .selectFrom('media_attachments')
    .select(['id', 'post_id', 'type', 'file_key', 'width', 'variants'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, variants: storedVariants.decode(row.variants) }));
}

/**
 * Replaces an attachment's variant list if it is still `expected` (another instance may have
 * done the same meanwhile). True when this call changed it.
 */
export async function replaceMediaVariants(
  db: Kysely<DB>,
  id: string,
  expected: readonly StoredVariant[],
  variants: readonly StoredVariant[],
): Promise<boolean> {
  const result = await db
    .updateTable('media_attachments')
    .set({ variants: storedVariants.encode(variants) })
    .where('id', '=', id)
    .where('variants', '=', storedVariants.encode(expected))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
