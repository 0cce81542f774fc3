import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

interface TriggerSpec {
  name: string;
  table: string;
  event: string;
  row: 'new' | 'old';
  /** SQL expressions naming what changed (see cache/cache-tags.ts). */
  topics: string[];
}

/**
 * A follow added or removed changes the follower's Following feed and suggestions, a request
 * their suggestions; a profile turning private or public
 * changes every list its posts may appear in (`posts-of:` also forgets the feeds).
 */
const triggers: TriggerSpec[] = [
  {
    name: 'follows_insert_cache_change',
    table: 'follows',
    event: 'insert',
    row: 'new',
    topics: [`'follows-of:' || new.follower_id`],
  },
  {
    name: 'follows_delete_cache_change',
    table: 'follows',
    event: 'delete',
    row: 'old',
    topics: [`'follows-of:' || old.follower_id`],
  },
  // A pending request takes its target out of the requester's suggestions.
  {
    name: 'follow_requests_insert_cache_change',
    table: 'follow_requests',
    event: 'insert',
    row: 'new',
    topics: [`'follows-of:' || new.requester_id`],
  },
  {
    name: 'follow_requests_delete_cache_change',
    table: 'follow_requests',
    event: 'delete',
    row: 'old',
    topics: [`'follows-of:' || old.requester_id`],
  },
  {
    name: 'profiles_privacy_cache_change',
    table: 'profiles',
    event: 'update of is_private',
    row: 'new',
    topics: [`'posts-of:' || new.id`, `'profile:' || new.id`],
  },
];

const values = (spec: TriggerSpec) => spec.topics.map((topic) => `(${topic})`).join(', ');

/**
 * Follows, follow requests and private accounts. Counters stay on `profiles` (moved in the same
 * transaction as the row, as likes do); the change log learns of follows through triggers.
 */
export const follows: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .alterTable('profiles')
      .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('follows')
      .addColumn('follower_id', 'text', (c) =>
        c.notNull().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('followee_id', 'text', (c) =>
        c.notNull().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      // The key also answers "does A follow B" and "whom does A follow" for the Following feed.
      .addPrimaryKeyConstraint('follows_pair', ['follower_id', 'followee_id'])
      .execute();
    // The two lists, newest follow first, keyset-paged by (created_at, the other person).
    await db.schema
      .createIndex('follows_following_list')
      .on('follows')
      .expression(sql`follower_id, created_at desc, followee_id desc`)
      .execute();
    await db.schema
      .createIndex('follows_followers_list')
      .on('follows')
      .expression(sql`followee_id, created_at desc, follower_id desc`)
      .execute();

    // "Popular on Pinhole": the most followed people, walked in order.
    await db.schema
      .createIndex('profiles_popular')
      .on('profiles')
      .expression(sql`followers_count desc, id`)
      .execute();

    await db.schema
      .createTable('follow_requests')
      .addColumn('requester_id', 'text', (c) =>
        c.notNull().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('target_id', 'text', (c) =>
        c.notNull().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('follow_requests_pair', ['requester_id', 'target_id'])
      .execute();
    await db.schema
      .createIndex('follow_requests_inbox')
      .on('follow_requests')
      .expression(sql`target_id, created_at desc, requester_id desc`)
      .execute();

    // Signs the URLs of private accounts' files (storage/media-urls.ts). In the database, so
    // every instance shares it with nothing to configure.
    await db.schema
      .createTable('instance_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into instance_secrets (name, value)
      values ('media_url_key', ${randomBytes(32).toString('base64url')})`.execute(db);

    for (const spec of triggers) {
      if (postgres) {
        await sql
          .raw(
            `create function ${spec.name}() returns trigger language plpgsql as $$ begin ` +
              `insert into cache_changes (topic) values ${values(spec)}; return null; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${spec.name} after ${spec.event} on ${spec.table} ` +
              `for each row execute function ${spec.name}()`,
          )
          .execute(db);
      } else {
        await sql
          .raw(
            `create trigger ${spec.name} after ${spec.event} on ${spec.table} for each row ` +
              `begin insert into cache_changes (topic) values ${values(spec)}; end`,
          )
          .execute(db);
      }
    }
  },
};
