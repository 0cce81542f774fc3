import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

const sessionUpdateTrigger = 'sessions_update_cache_change';

/**
 * Your account: where each session is used, and imports.
 *
 * 1. `sessions.user_agent` and `last_seen_at` for "Where you're signed in". The session update
 *    trigger of migration 0002 is narrowed to the columns that decide who a session is and how
 *    long it lives: `last_seen_at` moves every few minutes and must not make every instance
 *    forget the session.
 * 2. `imports`: one background import of an archive, read by any instance for its progress.
 *    `imported_posts`: which archive posts an account already has, so importing the same archive
 *    (or a fresh download of it) twice adds nothing twice. It points at the post it made and goes
 *    with it: deleting an imported post lets a later import bring it back.
 */
export const accountAndImports: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
    await sql`update sessions set last_seen_at = created_at`.execute(db);

    if (postgres) {
      await sql.raw(`drop trigger ${sessionUpdateTrigger} on sessions`).execute(db);
      await sql
        .raw(
          `create trigger ${sessionUpdateTrigger} after update of expires_at, user_id on sessions ` +
            `for each row execute function ${sessionUpdateTrigger}()`,
        )
        .execute(db);
    } else {
      await sql.raw(`drop trigger ${sessionUpdateTrigger}`).execute(db);
      await sql
        .raw(
          `create trigger ${sessionUpdateTrigger} after update of expires_at, user_id on sessions ` +
            `for each row begin insert into cache_changes (topic) values ('session:' || new.id); end`,
        )
        .execute(db);
    }

    await db.schema
      .createTable('imports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('posts_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('posts_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failures', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('imports_by_user').on('imports').column('user_id').execute();

    await db.schema
      .createTable('imported_posts')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('source_key', 'text', (c) => c.notNull())
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('imported_posts_pair', ['user_id', 'source_key'])
      .execute();
    await db.schema
      .createIndex('imported_posts_by_post')
      .on('imported_posts')
      .column('post_id')
      .execute();
  },
};
