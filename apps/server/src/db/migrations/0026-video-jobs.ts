import type { Kysely, Migration } from 'kysely';

/**
 * Videos (issue 50).
 *
 * `video_jobs`: one row per video still to transcode, a post's attachment (`kind` 'post',
 * `media_id` its `media_attachments.id`) or a story (`kind` 'story', `media_id` its
 * `stories.id`); the queue's only state, so a job survives a restart and is taken by one instance
 * at a time (`claimed_until`, as the federation queue). A job whose taker died is taken again once
 * its claim runs out. No foreign key, as it names rows of two tables: a job whose post or story
 * was deleted meanwhile finds nothing and is dropped.
 *
 * `stories` gains what a story video needs: its `status` (`processing` until transcoded, shown
 * to its author only), its MP4 (`video_key`; `image_key` is then its poster) and `duration_s`;
 * `direct_message_images` the same for a video sent in a message (`kind` 'message').
 */
export const videoJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('video_jobs')
      .addColumn('media_id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ready_at', 'text', (c) => c.notNull())
      .addColumn('claimed_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('video_jobs_ready')
      .on('video_jobs')
      .columns(['ready_at'])
      .execute();
    await db.schema
      .alterTable('stories')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready'))
      .execute();
    await db.schema.alterTable('stories').addColumn('video_key', 'text').execute();
    await db.schema.alterTable('stories').addColumn('duration_s', 'real').execute();
    await db.schema
      .alterTable('direct_message_images')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready'))
      .execute();
    await db.schema.alterTable('direct_message_images').addColumn('video_key', 'text').execute();
    await db.schema.alterTable('direct_message_images').addColumn('duration_s', 'real').execute();
  },
};
