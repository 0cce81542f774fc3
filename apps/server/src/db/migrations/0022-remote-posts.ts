import type { Kysely, Migration } from 'kysely';

/**
 * Posts of people on other servers, and the copies of their photos.
 *
 * - `remote_posts`: the Note a post came as (its `id`, unique: a Create delivered twice is one
 *   post), its page on its own server (`url`) and whether it was public (`to` Public) or for
 *   followers only.
 * - `remote_media`: where each photo of a remote post comes from, and the state of our copy:
 *   `pending` (to fetch, at `next_attempt_at`), `stored`, `failed` (given up until someone looks
 *   at it again) or `expired` (removed `REMOTE_MEDIA_RETENTION_DAYS` after its last view). Until
 *   a copy is stored, the photo's `post_images.image_key` is a placeholder key nothing serves.
 * - `remote_outbox_reads`: when a remote person's outbox was last read for their recent posts
 *   (their profile's first view here), so it is read at most once a day.
 */
export const remotePosts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('remote_posts')
      .addColumn('post_id', 'text', (c) =>
        c.primaryKey().references('posts.id').onDelete('cascade'),
      )
      .addColumn('note_url', 'text', (c) => c.notNull().unique())
      .addColumn('url', 'text')
      .addColumn('is_public', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('remote_media')
      .addColumn('image_id', 'text', (c) =>
        c.primaryKey().references('post_images.id').onDelete('cascade'),
      )
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('source_url', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_viewed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('remote_outbox_reads')
      .addColumn('profile_id', 'text', (c) =>
        c.primaryKey().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('read_at', 'text', (c) => c.notNull())
      .execute();
    // The fetcher's question: which copies are due now.
    await db.schema
      .createIndex('remote_media_due')
      .on('remote_media')
      .columns(['status', 'next_attempt_at'])
      .execute();
    // The retention sweep's question: which stored copies nobody looked at for a while.
    await db.schema
      .createIndex('remote_media_last_viewed')
      .on('remote_media')
      .columns(['status', 'last_viewed_at'])
      .execute();
  },
};
