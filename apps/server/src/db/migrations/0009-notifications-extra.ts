import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

/**
 * The channel every instance LISTENs on (db/notification-signals.ts); written here rather than
 * imported so that this migration stays as it ran.
 */
const channel = 'pinhole_notifications';

/**
 * Live notifications.
 *
 * - PostgreSQL: a trigger NOTIFYs `pinhole_notifications` with the recipient's id whenever one of
 *   their notifications is added, removed (an undo, or a cascade from a deleted post, comment or
 *   account) or read. NOTIFY is transactional: it is delivered at commit, to every instance, and
 *   never for a rolled-back change. A trigger rather than application code, so every writer is
 *   covered, the cascades included. PostgreSQL folds identical payloads of one transaction into
 *   one, so marking 10,000 notifications read sends one message.
 *   (SQLite serves one process: db/notification-signals.ts installs a temporary trigger there.)
 * - Both: indexes on `post_id` and `comment_id`, which the cascades of a deleted post or comment
 *   search; without them each delete scans every notification.
 */
export const notificationsExtra: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('notifications_by_post')
      .on('notifications')
      .column('post_id')
      .execute();
    await db.schema
      .createIndex('notifications_by_comment')
      .on('notifications')
      .column('comment_id')
      .execute();
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql
      .raw(
        `create function notifications_changed() returns trigger language plpgsql as $$ begin ` +
          `if tg_op = 'DELETE' then perform pg_notify('${channel}', old.user_id); ` +
          `else perform pg_notify('${channel}', new.user_id); end if; ` +
          `return null; end $$`,
      )
      .execute(db);
    await sql`create trigger notifications_changed
      after insert or delete or update of read_at on notifications
      for each row execute function notifications_changed()`.execute(db);
  },
};
