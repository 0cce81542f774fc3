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
}

export async function insertMessageImages(db: Db, images: readonly MessageImage[]) {
  if (images.length === 0) return;
  await db
    .insertInto('direct_message_images')
    .values(
      images.map((image) => ({
        ...image,
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
    ])
    .where('message_id', 'in', messageIds)
    .orderBy('message_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ ...row, variants: storedVariants.decode(row.variants) }));
}

const keysOf = (row: { image_key: string; variants: string }) => [
  row.image_key,
  ...storedVariants.keys(row.variants),
];

/** Every stored key of one message's photos (it is being unsent). */
export async function listMessageFileKeys(db: Db, messageId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('direct_message_images')
    .select(['image_key', 'variants'])
    .where('message_id', '=', messageId)
    .execute();
  return rows.flatMap(keysOf);
}

/** Every stored key of message photos: what the orphan sweep keeps. */
export async function listAllMessageFileKeys(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('direct_message_images')
    .select(['image_key', 'variants'])
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
