/**
 * Bulk writes for seeding: the same tables and row shapes the per-request repositories write, but
 * many rows per statement. Kept beside the seed, not in repositories/, because no request path
 * should ever insert a thousand rows at once.
 */
import type { Insertable, Kysely, RawBuilder } from 'kysely';
import { foldHashtagNames } from '../repositories/post-tags.repository';
import { sql } from 'kysely';
import type {
  CommentsTable,
  DB,
  FollowsTable,
  LikesTable,
  NotificationsTable,
  PostHashtagsTable,
  MediaAttachmentsTable,
  PostMentionsTable,
  PostsTable,
  ProfilesTable,
  SearchTermsTable,
  StoriesTable,
  StoryViewsTable,
  UsersTable,
} from '../db/schema';

/**
 * Rows per INSERT: 500 rows × at most 11 columns stays far below both SQLite's (32 766) and
 * PostgreSQL's (65 535) limits on bound parameters.
 */
const rowsPerStatement = 500;

async function insertChunked<Row>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<unknown>,
  perStatement = rowsPerStatement,
): Promise<void> {
  for (let start = 0; start < rows.length; start += perStatement) {
    await insert(rows.slice(start, start + perStatement));
  }
}

export function insertUsers(
  db: Kysely<DB>,
  rows: readonly Insertable<UsersTable>[],
): Promise<void> {
  return insertChunked(rows, (chunk) => db.insertInto('users').values(chunk).execute());
}

export function insertProfiles(
  db: Kysely<DB>,
  rows: readonly Insertable<ProfilesTable>[],
): Promise<void> {
  return insertChunked(rows, (chunk) => db.insertInto('profiles').values(chunk).execute());
}

export function insertPosts(
  db: Kysely<DB>,
  rows: readonly Insertable<PostsTable>[],
): Promise<void> {
  return insertChunked(rows, (chunk) => db.insertInto('posts').values(chunk).execute());
}

export function insertMediaAttachments(
  db: Kysely<DB>,
  rows: readonly Insertable<MediaAttachmentsTable>[],
): Promise<void> {
  return insertChunked(rows, (chunk) => db.insertInto('media_attachments').values(chunk).execute());
}

export function insertLikes(db: Kysely<DB>, rows: readonly LikesTable[]): Promise<void> {
  return insertChunked(rows, (chunk) => db.insertInto('likes').values(chunk).execute());
}

export function insertComments(db: Kysely<DB>, rows: readonly CommentsTable[]): Promise<void> {
  return insertChunked(rows, (chunk) => db.insertInto('comments').values(chunk).execute());
}

/** Follows have three columns, so four times as many rows fit one statement (6 000 parameters). */
export function insertFollows(db: Kysely<DB>, rows: readonly FollowsTable[]): Promise<void> {
  return insertChunked(
    rows,
    (chunk) => db.insertInto('follows').values(chunk).execute(),
    rowsPerStatement * 4,
  );
}

export function insertSearchTerms(db: Kysely<DB>, rows: readonly SearchTermsTable[]) {
  return insertChunked(rows, (chunk) => db.insertInto('search_terms').values(chunk).execute());
}

export function insertPostHashtags(db: Kysely<DB>, rows: readonly PostHashtagsTable[]) {
  return insertChunked(rows, (chunk) => db.insertInto('post_hashtags').values(chunk).execute());
}

export function insertPostMentions(db: Kysely<DB>, rows: readonly PostMentionsTable[]) {
  return insertChunked(rows, (chunk) => db.insertInto('post_mentions').values(chunk).execute());
}

/** Every hashtag with its count, from post_hashtags loaded without the triggers that count. */
export async function countHashtags(db: Kysely<DB>): Promise<void> {
  await sql`insert into hashtags (name, posts_count)
    select hashtag, count(*) from post_hashtags group by hashtag`.execute(db);
  const names = await db.selectFrom('hashtags').select('name').execute();
  await foldHashtagNames(
    db,
    names.map((row) => row.name),
  );
}

export async function hasAnyUser(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface CounterMismatches {
  /** Posts whose likes_count differs from their number of like rows. */
  likes: number;
  comments: number;
  /** Profiles whose posts_count differs from their number of posts. */
  posts: number;
  /** Profiles whose followers_count differs from the follows of them. */
  followers: number;
  /** Profiles whose following_count differs from their follows. */
  following: number;
}

/** How many rows of `table` hold a counter unequal to `actual`, a correlated count(*). */
async function countDrifted(
  db: Kysely<DB>,
  table: 'posts' | 'profiles',
  counter:
    | 'posts.likes_count'
    | 'posts.comments_count'
    | 'profiles.posts_count'
    | 'profiles.followers_count'
    | 'profiles.following_count',
  actual: RawBuilder<number>,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(counter, '<>', actual)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Counts denormalised counters that disagree with the rows they count (all zero when exact). */
export async function findCounterMismatches(db: Kysely<DB>): Promise<CounterMismatches> {
  const likes = await countDrifted(
    db,
    'posts',
    'posts.likes_count',
    sql<number>`(select count(*) from likes where likes.post_id = posts.id)`,
  );
  const comments = await countDrifted(
    db,
    'posts',
    'posts.comments_count',
    sql<number>`(select count(*) from comments where comments.post_id = posts.id)`,
  );
  const posts = await countDrifted(
    db,
    'profiles',
    'profiles.posts_count',
    sql<number>`(select count(*) from posts where posts.user_id = profiles.id)`,
  );
  const followers = await countDrifted(
    db,
    'profiles',
    'profiles.followers_count',
    sql<number>`(select count(*) from follows where follows.followee_id = profiles.id)`,
  );
  const following = await countDrifted(
    db,
    'profiles',
    'profiles.following_count',
    sql<number>`(select count(*) from follows where follows.follower_id = profiles.id)`,
  );
  return { likes, comments, posts, followers, following };
}

/**
 * Runs `work` (a bulk load of `table`) without the table's secondary indexes and triggers, then
 * puts them back exactly as the catalog held them. A million and a half follows land in random
 * places of the followers index; built afterwards in one sort it costs seconds, kept up row by row
 * each commit rewrote most of its pages (138 s for the full bench set on SQLite, on a busy box).
 * The triggers only log changes for running servers, and the seed logs "everything changed" when
 * it is done.
 */
export async function withoutIndexesAndTriggers<T>(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  table: 'follows' | 'post_hashtags',
  work: () => Promise<T>,
): Promise<T> {
  const found =
    dialect === 'sqlite'
      ? await sql<{ kind: 'index' | 'trigger'; name: string; definition: string }>`
          select type as kind, name, sql as definition from sqlite_master
          where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null`.execute(
          db,
        )
      : await sql<{ kind: 'index' | 'trigger'; name: string; definition: string }>`
          select 'index' as kind, indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = ${table}
            and indexname not in (select conname from pg_constraint)
          union all
          select 'trigger', t.tgname, pg_get_triggerdef(t.oid) from pg_trigger t
          join pg_class c on c.oid = t.tgrelid
          where c.relname = ${table} and c.relnamespace = current_schema()::regnamespace
            and not t.tgisinternal`.execute(db);
  const objects = found.rows;
  for (const object of objects) {
    await sql
      .raw(
        object.kind === 'index'
          ? `drop index ${object.name}`
          : `drop trigger ${object.name}${dialect === 'postgres' ? ` on ${table}` : ''}`,
      )
      .execute(db);
  }
  try {
    return await work();
  } finally {
    for (const object of objects) await sql.raw(object.definition).execute(db);
  }
}

/**
 * SQLite keeps 2 MB of pages in memory by default; a million likes land at random places in
 * three indexes, so the seed lends the connection a bigger cache (256 MB) and gives it back.
 */
export async function withBulkWriteCache<T>(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  work: () => Promise<T>,
): Promise<T> {
  if (dialect !== 'sqlite') return work();
  const previous = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  const restore = previous.rows[0]?.cache_size ?? -2000;
  await sql`pragma cache_size = -262144`.execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma cache_size = ${Number(restore)}`).execute(db);
  }
}

/**
 * After a bulk load PostgreSQL has no planner statistics until autovacuum gets round to it (a
 * minute or more), and until then it plans the feed's comment previews as a sequential scan of
 * every comment (54 ms instead of 5 ms at 200 000 comments). A live database always has
 * statistics, so the seed gathers them at once. SQLite is left alone on purpose: the server never
 * runs ANALYZE there, and statistics change SQLite's plans (the keyset feed query among them).
 */
export async function gatherPlannerStatistics(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
): Promise<void> {
  if (dialect === 'postgres') await sql`analyze`.execute(db);
}

export function insertStories(db: Kysely<DB>, rows: readonly Insertable<StoriesTable>[]) {
  return insertChunked(rows, (chunk) => db.insertInto('stories').values(chunk).execute());
}

export function insertStoryViews(db: Kysely<DB>, rows: readonly StoryViewsTable[]) {
  return insertChunked(rows, (chunk) => db.insertInto('story_views').values(chunk).execute());
}

/**
 * Everyone's notifications of what the seed wrote, as the app writes them when it happens: a
 * like or a comment tells the post's author (never their own), a follow tells the followed, a
 * caption's mention tells the mentioned. Read whole into memory, so for small seeds (the demo):
 * `makeId` names each row, `readBefore` marks older ones read (the person looked before then).
 */
export async function insertNotificationsOfSeed(
  db: Kysely<DB>,
  makeId: () => string,
  readBefore: string,
  readAt: string,
): Promise<number> {
  type Found = Omit<NotificationsTable, 'id' | 'read_at'>;
  const likes: Found[] = await db
    .selectFrom('likes')
    .innerJoin('posts', 'posts.id', 'likes.post_id')
    .whereRef('likes.user_id', '<>', 'posts.user_id')
    .select((eb) => [
      'posts.user_id as user_id',
      'likes.user_id as actor_id',
      eb.val<NotificationsTable['type']>('like').as('type'),
      'posts.id as post_id',
      eb.val<string | null>(null).as('comment_id'),
      'likes.created_at as created_at',
    ])
    .execute();
  const comments: Found[] = await db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .whereRef('comments.user_id', '<>', 'posts.user_id')
    .select((eb) => [
      'posts.user_id as user_id',
      'comments.user_id as actor_id',
      eb.val<NotificationsTable['type']>('comment').as('type'),
      'posts.id as post_id',
      'comments.id as comment_id',
      'comments.created_at as created_at',
    ])
    .execute();
  const follows: Found[] = await db
    .selectFrom('follows')
    .select((eb) => [
      'followee_id as user_id',
      'follower_id as actor_id',
      eb.val<NotificationsTable['type']>('follow').as('type'),
      eb.val<string | null>(null).as('post_id'),
      eb.val<string | null>(null).as('comment_id'),
      'created_at',
    ])
    .execute();
  const mentions: Found[] = await db
    .selectFrom('post_mentions')
    .innerJoin('posts', 'posts.id', 'post_mentions.post_id')
    .whereRef('post_mentions.profile_id', '<>', 'posts.user_id')
    .select((eb) => [
      'post_mentions.profile_id as user_id',
      'posts.user_id as actor_id',
      eb.val<NotificationsTable['type']>('mention').as('type'),
      'posts.id as post_id',
      eb.val<string | null>(null).as('comment_id'),
      'posts.created_at as created_at',
    ])
    .execute();
  const rows: NotificationsTable[] = [...likes, ...comments, ...follows, ...mentions].map(
    (found) => ({
      ...found,
      id: makeId(),
      read_at: found.created_at < readBefore ? readAt : null,
    }),
  );
  await insertChunked(rows, (chunk) => db.insertInto('notifications').values(chunk).execute());
  return rows.length;
}
