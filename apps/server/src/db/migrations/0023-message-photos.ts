import type { Kysely, Migration } from 'kysely';

/**
 * Photos in direct messages: one row per photo, in the sender's order, cascading with its
 * message. `file_base` is the original's key without its extension, which every variant's key
 * starts with: `/storage/…` finds the message a requested file belongs to (and so who may fetch
 * it) with one indexed equality, whichever size was asked for.
 */
export const messagePhotos: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('direct_message_images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('message_id', 'text', (c) =>
        c.notNull().references('direct_messages.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('image_key', 'text', (c) => c.notNull())
      .addColumn('file_base', 'text', (c) => c.notNull().unique())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('placeholder', 'text')
      .addColumn('variants', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('direct_message_images_by_message')
      .on('direct_message_images')
      .columns(['message_id', 'position'])
      .execute();
  },
};
