import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { StoredVariant } from './stored-variants';
import { storedVariants } from './stored-variants';
import { fileBaseOf } from '../storage/storage';

type Db = Kysely<DB>;

export interface MessageImage {
  id: string;
  message_id: string;
  position: number;
  image_key: string;
  width: number;
  height: number;
  placeholder: string | null;
  variants: StoredVariant[];
  /** A video still transcoding (`image_key` is the upload as it came) or one that failed. */
  status?: 'ready' | 'processing' | 'failed';
  video_key?: string | null;
  duration_s?: number | null;
}

export async function insertMessageImages(db: Db, images: readonly MessageImage[]) {
  if (images.length === 0) return;
  await db
    .insertInto('direct_message_images')
    .values(
      images.map((image) => ({
        ...image,
        // Every row names every column (SQLite fills one left out of a multi-row insert with NULL).
        status: image.status ?? 'ready',
        video_key: image.video_key ?? null,
        duration_s: image.duration_s ?? null,
        file_base: fileBaseOf(image.image_key),
        variants: storedVariants.encode(image.variants),
      })),
    )
    .execute();
}

/** The photos of these messages, each message's in the sender's order. */
export async function listMessageImages(
  db: Db,
  messageIds: readonly string[],
): Promise<MessageImage[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectFrom('direct_message_images')
    .select([
      'id',
      'message_id',
      'position',
      'image_key',
      'width',
      'height',
      'placeholder',
      'variants',
      'status',
      'video_key',
      'duration_s',
    ])
    .where('message_id', 'in', messageIds)
    .orderBy('message_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    ...row,
    duration_s: row.duration_s === null ? null : Number(row.duration_s),
    variants: storedVariants.decode(row.variants),
  }));
}

const keysOf = (row: { image_key: string; variants: string; video_key: string | null }) => [
  ...(row.video_key ? [row.video_key] : []),
  row.image_key,
  ...storedVariants.keys(row.variants),
];

/** Every stored key of one message's photos (it is being unsent). */
export async function listMessageFileKeys(db: Db, messageId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('direct_message_images')
    .select(['image_key', 'variants', 'video_key'])
    .where('message_id', '=', messageId)
    .execute();
  return rows.flatMap(keysOf);
}

/** Every stored key of message photos: what the orphan sweep keeps. */
export async function listAllMessageFileKeys(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('direct_message_images')
    .select(['image_key', 'variants', 'video_key'])
    .execute();
  return rows.flatMap(keysOf);
}

/** The conversation a stored message file belongs to (any of its sizes), if any. */
export async function findConversationOfFile(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('direct_message_images')
    .innerJoin('direct_messages', 'direct_messages.id', 'direct_message_images.message_id')
    .select('direct_messages.conversation_id')
    .where('direct_message_images.file_base', '=', fileBaseOf(key))
    .executeTakeFirst();
  return row?.conversation_id;
}

/** The message video a job works on: where its upload waits, and its conversation. */
export function findVideoMessageImage(db: Db, id: string) {
  return db
    .selectFrom('direct_message_images')
    .innerJoin('direct_messages', 'direct_messages.id', 'direct_message_images.message_id')
    .select([
      'direct_message_images.id',
      'direct_message_images.image_key as file_key',
      'direct_message_images.status',
      'direct_messages.conversation_id',
    ])
    .where('direct_message_images.id', '=', id)
    .executeTakeFirst();
}

/**
 * A message's video takes its place: its poster as the image (`file_base` follows it, and the
 * MP4 shares that base, so `/storage` finds the message of either), the MP4 as `video_key`.
 */
export async function markMessageVideoReady(
  db: Db,
  id: string,
  video: {
    fileKey: string;
    width: number;
    height: number;
    durationS: number;
    placeholder: string | null;
    poster: { key: string; variants: StoredVariant[] };
  },
): Promise<boolean> {
  const result = await db
    .updateTable('direct_message_images')
    .set({
      status: 'ready',
      image_key: video.poster.key,
      file_base: fileBaseOf(video.poster.key),
      video_key: video.fileKey,
      duration_s: video.durationS,
      width: video.width,
      height: video.height,
      placeholder: video.placeholder,
      variants: storedVariants.encode(video.poster.variants),
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markMessageVideoFailed(db: Db, id: string): Promise<void> {
  await db
    .updateTable('direct_message_images')
    .set({ status: 'failed' })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}
