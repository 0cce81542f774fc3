import type { Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
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
  /** A video's length in seconds; null for a photo. */
  duration_s: number | null;
  /** A video's poster JPEG (its variants are `variants`); null for a photo or until transcoded. */
  poster: { key: string; width: number; height: number } | null;
}

/** What a writer gives: a photo, ready, unless it says it is a video still processing. */
export type NewMediaAttachment = Omit<
  MediaAttachmentRow,
  'type' | 'status' | 'duration_s' | 'poster'
> &
  Partial<Pick<MediaAttachmentRow, 'type' | 'status' | 'duration_s'>>;

type StoredRow = Omit<MediaAttachmentRow, 'variants' | 'poster'> & {
  variants: string;
  poster: string | null;
};

function decodePoster(text: string | null): MediaAttachmentRow['poster'] {
  if (!text) return null;
  try {
    const poster = JSON.parse(text) as { key?: unknown; width?: unknown; height?: unknown };
    return typeof poster.key === 'string'
      ? { key: poster.key, width: Number(poster.width), height: Number(poster.height) }
      : null;
  } catch {
    return null;
  }
}

const decode = (row: StoredRow): MediaAttachmentRow => ({
  ...row,
  duration_s: row.duration_s === null ? null : Number(row.duration_s),
  variants: storedVariants.decode(row.variants),
  poster: decodePoster(row.poster),
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
  'duration_s',
  'poster',
] as const;

export async function insertMediaAttachments(
  db: Kysely<DB>,
  media: readonly NewMediaAttachment[],
): Promise<void> {
  if (media.length === 0) return;
  await db
    .insertInto('media_attachments')
    .values(
      // Every row names every column: SQLite fills a column one row of a multi-row insert
      // leaves out with NULL, not its default.
      media.map((one) => ({
        ...one,
        type: one.type ?? 'image',
        status: one.status ?? 'ready',
        duration_s: one.duration_s ?? null,
        variants: storedVariants.encode(one.variants),
      })),
    )
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

/**
 * True for a post whose media are all `ready`: one still transcoding (or failed) is its
 * author's only, so it is in no list every reader shares (feeds, grids, hashtags, explore, an
 * outbox) until its last video is ready. One probe of the post's media per post walked.
 */
export function allMediaReady(): RawBuilder<boolean> {
  return sql<boolean>`not exists (
    select 1 from media_attachments
    where media_attachments.post_id = posts.id and media_attachments.status <> 'ready'
  )`;
}
