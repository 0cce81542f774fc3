import type { Kysely, Migration } from 'kysely';

/**
 * Web Push.
 *
 * - `push_subscriptions`: a browser's push endpoint and its keys, for one person; the endpoint is
 *   unique (a browser that subscribes again, or for someone else, replaces its row).
 * - `notification_settings`: which kinds a person has turned off for push (no row: all on).
 * - `push_deliveries`: the durable queue of pushes to send, so a delivery survives a restart and
 *   is retried with a growing wait; a row goes when it is sent, refused for good, or given up.
 *
 * The instance's VAPID keys are made at first start into `instance_secrets`.
 */
export const push: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('push_subscriptions_by_user')
      .on('push_subscriptions')
      .column('user_id')
      .execute();
    const kind = (name: string) => (table: ReturnType<typeof db.schema.createTable>) =>
      table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(1));
    let settings = db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'text', (c) =>
        c.primaryKey().references('users.id').onDelete('cascade'),
      );
    for (const name of ['likes', 'comments', 'follows', 'follow_requests', 'mentions']) {
      settings = kind(`push_${name}`)(settings);
    }
    await settings.execute();
    await db.schema
      .createTable('push_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('subscription_id', 'text', (c) =>
        c.notNull().references('push_subscriptions.id').onDelete('cascade'),
      )
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('push_deliveries_due')
      .on('push_deliveries')
      .column('next_attempt_at')
      .execute();
  },
};
