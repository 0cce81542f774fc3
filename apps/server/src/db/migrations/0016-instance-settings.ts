import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

const trigger = 'instance_settings_cache_change';

/**
 * What a new user trips on: what the instance says of itself, and who liked a post.
 *
 * - `instance_settings`: at most one row (its key is the constant 1), written by an admin in
 *   `/admin` and shown on `/about`. No row means the defaults (services/instance.service.ts), so
 *   an existing instance needs nothing written here. `rules` is a JSON array of strings.
 * - Its insert and update write the topic `instance` to the change log (as migration 0002's
 *   triggers do), so every instance's cached `GET /api/instance` forgets the old text at once.
 * - `likes_by_post` (post, newest like, person): serves `GET /api/posts/:id/likes` in order, so
 *   a page of a post liked by thousands costs the rows it shows. The unique key (post, person)
 *   finds a post's likes but not in time order.
 */
export const instanceSettings: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('instance_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('rules', 'text', (c) => c.notNull())
      .addColumn('contact_email', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    const log = `insert into cache_changes (topic) values ('instance')`;
    for (const event of ['insert', 'update']) {
      const name = `${trigger}_${event}`;
      if (postgres) {
        await sql
          .raw(
            `create function ${name}() returns trigger language plpgsql as $$ begin ` +
              `${log}; return null; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${name} after ${event} on instance_settings ` +
              `for each row execute function ${name}()`,
          )
          .execute(db);
      } else {
        await sql
          .raw(
            `create trigger ${name} after ${event} on instance_settings for each row ` +
              `begin ${log}; end`,
          )
          .execute(db);
      }
    }
    await db.schema
      .createIndex('likes_by_post')
      .on('likes')
      .expression(sql`post_id, created_at desc, user_id desc`)
      .execute();
  },
};
