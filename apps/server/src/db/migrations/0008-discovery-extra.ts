import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

interface TriggerSpec {
  name: string;
  table: string;
  event: string;
  /** Statements of the trigger's body, each without its closing `;`. */
  body: string[];
}

const logTopic = (topic: string) => `insert into cache_changes (topic) values (${topic})`;

/**
 * Triggers rather than service code, for the reason of migration 0002: every writer is covered,
 * including the cascades of a deleted post or account, which never pass through a service.
 *
 * - `hashtags.posts_count` follows the `post_hashtags` rows exactly; a tag no post carries any
 *   more is removed, so search never offers an empty tag.
 * - The change log learns which hashtag page (`hashtag:<name>`) and which TAGGED tab
 *   (`mentions-of:<id>`) a caption change touched, that someone's search terms changed
 *   (`search-terms`: any search may now find or lose them), and that some account changed its
 *   privacy (`privacy:any`: any grid of several people's posts may gain or lose theirs).
 */
function triggers(postgres: boolean): TriggerSpec[] {
  const upsert = postgres
    ? `insert into hashtags (name, posts_count) values (new.hashtag, 1)
       on conflict (name) do update set posts_count = hashtags.posts_count + 1`
    : `insert into hashtags (name, posts_count) values (new.hashtag, 1)
       on conflict (name) do update set posts_count = posts_count + 1`;
  return [
    {
      name: 'post_hashtags_insert_count',
      table: 'post_hashtags',
      event: 'insert',
      body: [upsert, logTopic(`'hashtag:' || new.hashtag`)],
    },
    {
      name: 'post_hashtags_delete_count',
      table: 'post_hashtags',
      event: 'delete',
      body: [
        'update hashtags set posts_count = posts_count - 1 where name = old.hashtag',
        'delete from hashtags where name = old.hashtag and posts_count <= 0',
        logTopic(`'hashtag:' || old.hashtag`),
      ],
    },
    {
      name: 'post_mentions_insert_cache_change',
      table: 'post_mentions',
      event: 'insert',
      body: [logTopic(`'mentions-of:' || new.profile_id`)],
    },
    {
      name: 'post_mentions_delete_cache_change',
      table: 'post_mentions',
      event: 'delete',
      body: [logTopic(`'mentions-of:' || old.profile_id`)],
    },
    {
      name: 'search_terms_insert_cache_change',
      table: 'search_terms',
      event: 'insert',
      body: [logTopic(`'search-terms'`)],
    },
    {
      name: 'search_terms_delete_cache_change',
      table: 'search_terms',
      event: 'delete',
      body: [logTopic(`'search-terms'`)],
    },
    {
      name: 'profiles_any_privacy_cache_change',
      table: 'profiles',
      event: 'update of is_private',
      body: [logTopic(`'privacy:any'`)],
    },
  ];
}

/** Discovery, continued: counts and change-log topics of the discovery tables. */
export const discoveryExtra: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      // Prefix search is a range scan (`term >= q and term < q || U+10FFFF`), right only in code
      // point order. SQLite compares text bytewise; PostgreSQL uses the database's collation
      // (often en_US, which ignores punctuation at first), so these two keys compare bytewise.
      await sql`alter table search_terms alter column term type text collate "C"`.execute(db);
      await sql`alter table hashtags alter column name type text collate "C"`.execute(db);
    }
    for (const spec of triggers(postgres)) {
      if (postgres) {
        await sql
          .raw(
            `create function ${spec.name}() returns trigger language plpgsql as $$ begin ` +
              `${spec.body.join('; ')}; return null; end $$`,
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
              `begin ${spec.body.join('; ')}; end`,
          )
          .execute(db);
      }
    }
  },
};
