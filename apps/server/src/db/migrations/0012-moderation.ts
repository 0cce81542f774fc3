import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

/**
 * A suspension (or its end) changes what every page shows of that person: their profile, their
 * posts in every list of several people's posts, their stories, their search entries. The topics
 * are the ones a change of privacy writes, plus stories and search (cache/cache-tags).
 * A trigger rather than code, so the admin command and a hand-made fix are covered too.
 */
const suspensionTopics = [
  `'profile:' || new.id`,
  `'posts-of:' || new.id`,
  `'user:' || new.id`,
  `'privacy:any'`,
  `'stories:any'`,
  `'search-terms'`,
];
const suspensionTrigger = 'profiles_suspension_cache_change';

async function createSuspensionTrigger(db: Kysely<unknown>, postgres: boolean) {
  const values = suspensionTopics.map((topic) => `(${topic})`).join(', ');
  // The posts they commented on show their comments: each of those forgets its comments too.
  const commentedPosts =
    `insert into cache_changes (topic) select distinct 'post:' || post_id from comments ` +
    `where user_id = new.id;`;
  if (postgres) {
    await sql
      .raw(
        `create function ${suspensionTrigger}() returns trigger language plpgsql as $$ begin ` +
          `insert into cache_changes (topic) values ${values}; ${commentedPosts} ` +
          `return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${suspensionTrigger} after update of suspended_at on profiles ` +
          `for each row execute function ${suspensionTrigger}()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger ${suspensionTrigger} after update of suspended_at on profiles ` +
          `for each row begin insert into cache_changes (topic) values ${values}; ` +
          `${commentedPosts} end`,
      )
      .execute(db);
  }
}

/**
 * Moderation.
 *
 * - `users.role`: 'member' or 'admin'. A change writes `user:<id>` (migration 0002's users
 *   trigger), which the session cache is tagged with, so a revoked admin is a member at once on
 *   every instance.
 * - `profiles.suspended_at`: on profiles, beside `is_private`, because every query that decides
 *   whose content shows already reads the profile row.
 * - `first_admin`: at most one row (its key is the constant 1). A sign-up inserts it with
 *   "on conflict do nothing" in its own transaction; only the one that inserted becomes admin.
 *   The key's lock makes two simultaneous first sign-ups wait for each other on PostgreSQL, and
 *   SQLite has one writer: exactly one admin either way. An instance that already has accounts
 *   makes its oldest account the admin here.
 * - `invites`, `reports` (one per reporter and target: the key answers "the same report twice"),
 *   `audit_log` (actor null for the command line; kept when the actor's account is deleted).
 */
export const moderation: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .alterTable('users')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
      .execute();
    await db.schema.alterTable('profiles').addColumn('suspended_at', 'text').execute();
    await db.schema
      .createTable('first_admin')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .execute();
    const oldest = await sql<{ id: string }>`
      select id from users order by created_at, id limit 1`.execute(db);
    const first = oldest.rows[0];
    if (first) {
      await sql`update users set role = 'admin' where id = ${first.id}`.execute(db);
      await sql`insert into first_admin (id, user_id) values (1, ${first.id})`.execute(db);
    }

    await db.schema
      .createTable('invites')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('uses_left', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('invites_by_created').on('invites').column('created_at').execute();

    await db.schema
      .createTable('reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reporter_id', 'text', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      /** The target's author, kept so `suspend_author` works after the content is removed. */
      .addColumn('target_user_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('resolution', 'text')
      .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('resolved_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('reports_once', ['reporter_id', 'target_type', 'target_id'])
      .execute();
    await db.schema
      .createIndex('reports_queue')
      .on('reports')
      .columns(['status', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('reports_by_target')
      .on('reports')
      .columns(['target_type', 'target_id'])
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('audit_log_newest')
      .on('audit_log')
      .columns(['created_at', 'id'])
      .execute();

    // What the suspension trigger reads: the posts a person commented on.
    await db.schema.createIndex('comments_by_user').on('comments').column('user_id').execute();
    await createSuspensionTrigger(db, postgres);
  },
};
