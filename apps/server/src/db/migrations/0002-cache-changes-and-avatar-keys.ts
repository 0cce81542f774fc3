import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

/**
 * What each table's triggers write to `cache_changes`: a topic naming what changed (see
 * cache/cache-tags.ts). Triggers rather than application code, so that every writer
 * is covered: a second instance, the seed, an admin command, a hand-made fix in a SQL shell.
 */
const topics = {
  postInserted: (row: string) => [`'posts-of:' || ${row}.user_id`],
  postUpdated: (row: string) => [`'post:' || ${row}.id`],
  postDeleted: (row: string) => [`'post:' || ${row}.id`, `'posts-of:' || ${row}.user_id`],
  comment: (row: string) => [`'post:' || ${row}.post_id`],
  like: (row: string) => [`'likes-of:' || ${row}.user_id`],
  session: (row: string) => [`'session:' || ${row}.id`],
  user: (row: string) => [`'user:' || ${row}.id`],
  profile: (row: string) => [`'profile:' || ${row}.id`],
};

interface TriggerSpec {
  table: string;
  /** `insert`, `update`, `delete`, or `update of a, b` to fire only when those columns change. */
  event: string;
  row: 'new' | 'old';
  topics: (row: string) => string[];
}

/** Only the profile columns that cached pages show: a follower count moving forgets nothing. */
const shownProfileColumns = 'username, full_name, avatar_key, avatar_variants, is_verified';

const triggers: TriggerSpec[] = [
  { table: 'posts', event: 'insert', row: 'new', topics: topics.postInserted },
  { table: 'posts', event: 'update', row: 'new', topics: topics.postUpdated },
  { table: 'posts', event: 'delete', row: 'old', topics: topics.postDeleted },
  { table: 'comments', event: 'insert', row: 'new', topics: topics.comment },
  { table: 'comments', event: 'update', row: 'new', topics: topics.comment },
  { table: 'comments', event: 'delete', row: 'old', topics: topics.comment },
  { table: 'likes', event: 'insert', row: 'new', topics: topics.like },
  { table: 'likes', event: 'delete', row: 'old', topics: topics.like },
  { table: 'sessions', event: 'insert', row: 'new', topics: topics.session },
  { table: 'sessions', event: 'update', row: 'new', topics: topics.session },
  { table: 'sessions', event: 'delete', row: 'old', topics: topics.session },
  { table: 'users', event: 'update', row: 'new', topics: topics.user },
  { table: 'users', event: 'delete', row: 'old', topics: topics.user },
  {
    table: 'profiles',
    event: `update of ${shownProfileColumns}`,
    row: 'new',
    topics: topics.profile,
  },
  { table: 'profiles', event: 'delete', row: 'old', topics: topics.profile },
];

const triggerName = (spec: TriggerSpec) =>
  `${spec.table}_${spec.event.split(' ')[0] ?? spec.event}_cache_change`;

const valuesOf = (spec: TriggerSpec) =>
  spec
    .topics(spec.row)
    .map((topic) => `(${topic})`)
    .join(', ');

async function createSqliteTriggers(db: Kysely<unknown>) {
  await sql`
    create table cache_changes (
      id integer primary key autoincrement,
      topic text not null,
      created_ms integer not null default (cast((julianday('now') - 2440587.5) * 86400000 as integer))
    )`.execute(db);
  for (const spec of triggers) {
    await sql
      .raw(
        `create trigger ${triggerName(spec)} after ${spec.event} on ${spec.table} for each row ` +
          `begin insert into cache_changes (topic) values ${valuesOf(spec)}; end`,
      )
      .execute(db);
  }
}

async function createPostgresTriggers(db: Kysely<unknown>) {
  // Ids come from a sequence, so they are not in commit order; the transaction id is what a
  // reader compares with its snapshot (repositories/cache-changes.repository.ts).
  await sql`
    create table cache_changes (
      id bigint generated always as identity primary key,
      topic text not null,
      txid bigint not null default (pg_current_xact_id()::text::bigint),
      created_ms bigint not null default (floor(extract(epoch from clock_timestamp()) * 1000))::bigint
    )`.execute(db);
  await sql`create index cache_changes_txid on cache_changes (txid)`.execute(db);
  for (const spec of triggers) {
    const name = triggerName(spec);
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ` +
          `insert into cache_changes (topic) values ${valuesOf(spec)}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${spec.event} on ${spec.table} ` +
          `for each row execute function ${name}()`,
      )
      .execute(db);
  }
}

/**
 * 1. `cache_changes`: the change log every instance reads before it serves from its caches.
 * 2. Profiles store the storage key of their picture, not a URL (the URL depends on the storage
 *    driver and S3_PUBLIC_URL), and the variants beside it as posts do.
 */
export const cacheChangesAndAvatarKeys: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await sql`alter table profiles rename column avatar_url to avatar_key`.execute(db);
    await sql`alter table profiles add column avatar_variants text`.execute(db);
    // Seeded pictures were stored as `/storage/user-uploads/…` or `<S3 public URL>/user-uploads/…`.
    const position = postgres
      ? sql`strpos(avatar_key, 'user-uploads/')`
      : sql`instr(avatar_key, 'user-uploads/')`;
    await sql`update profiles set avatar_key = case when ${position} > 0
      then substr(avatar_key, ${position}) else null end
      where avatar_key is not null`.execute(db);
    if (postgres) await createPostgresTriggers(db);
    else await createSqliteTriggers(db);
    await db.schema
      .createIndex('cache_changes_created_ms')
      .on('cache_changes')
      .column('created_ms')
      .execute();
  },
};
