import type { Kysely, Migration } from 'kysely';

/**
 * `video_jobs`: one row per video attachment still to transcode, the queue's only state, so a
 * job survives a restart and is taken by one instance at a time (`claimed_until`, as the
 * federation queue). A job whose taker died is taken again once its claim runs out; after
 * `attempts` tries its attachment is marked `failed`. The row goes with its attachment (a post
 * deleted while its video waits).
 */
export const videoJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('video_jobs')
      .addColumn('attachment_id', 'text', (c) =>
        c.primaryKey().references('media_attachments.id').onDelete('cascade'),
      )
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
  },
};
