import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

/** The cache triggers of 0004, renamed with their table: a change to a post's media is the post's. */
const triggers = [
  { event: 'insert', topic: `'post:' || new.post_id` },
  { event: 'update', topic: `'post:' || new.post_id` },
  { event: 'delete', topic: `'post:' || old.post_id` },
] as const;

/** The first photo's mirror on `posts`, written by 0001 and kept in step until now. */
const mirrorColumns = [
  'image_key',
  'image_width',
  'image_height',
  'image_placeholder',
  'image_variants',
];

/**
 * `post_images` becomes `media_attachments`: a post's photos today and its videos next, each with
 * its `type`, its `status` (`processing` while a video is transcoded) and what only some media
 * have (`duration_s`, a video's `poster` as JSON, the photographer's `camera` as JSON). Its
 * `image_key` is now `file_key`. Every row is kept, with its id, so URLs, likes, comments,
 * saves and remote copies (`remote_media` references the ids) stay as they were.
 *
 * `posts.image_*`, which mirrored the first photo, go: every reader takes position 0 instead.
 * A post that somehow has no attachment row gets one from its mirror first, so no post loses
 * its photo. SQLite cannot drop a UNIQUE column (`image_key`), so there `posts` is rebuilt with
 * SQLite's documented table rebuild, its indexes and triggers made again from their own SQL.
 */
export const mediaAttachments: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await sql`insert into post_images
        (id, post_id, position, image_key, width, height, placeholder, variants, alt_text)
      select id, id, 0, image_key, image_width, image_height, image_placeholder, image_variants, null
      from posts where not exists (select 1 from post_images where post_images.post_id = posts.id)`.execute(
      db,
    );
    for (const { event } of triggers) {
      const name = `post_images_${event}_cache_change`;
      await sql.raw(`drop trigger ${name}${postgres ? ' on post_images' : ''}`).execute(db);
      if (postgres) await sql.raw(`drop function ${name}()`).execute(db);
    }
    await sql`alter table post_images rename to media_attachments`.execute(db);
    await sql`alter table media_attachments rename column image_key to file_key`.execute(db);
    await db.schema
      .alterTable('media_attachments')
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('image'))
      .execute();
    await db.schema
      .alterTable('media_attachments')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready'))
      .execute();
    for (const column of ['duration_s', 'poster', 'camera']) {
      await db.schema
        .alterTable('media_attachments')
        .addColumn(column, column === 'duration_s' ? 'real' : 'text')
        .execute();
    }
    for (const { event, topic } of triggers) {
      await createCacheTrigger(
        db,
        `media_attachments_${event}_cache_change`,
        event,
        topic,
        postgres,
      );
    }
    if (postgres) {
      await sql
        .raw(`alter table posts ${mirrorColumns.map((c) => `drop column ${c}`).join(', ')}`)
        .execute(db);
    } else {
      await dropSqlitePostsMirror(db);
    }
  },
};

async function createCacheTrigger(
  db: Kysely<unknown>,
  name: string,
  event: string,
  topic: string,
  postgres: boolean,
) {
  const insert = `insert into cache_changes (topic) values (${topic});`;
  if (postgres) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ${insert} ` +
          `return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${event} on media_attachments for each row ` +
          `execute function ${name}()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger ${name} after ${event} on media_attachments for each row ` +
          `begin ${insert} end`,
      )
      .execute(db);
  }
}

/**
 * SQLite's twelve steps (sqlite.org/lang_altertable.html#otheralter): foreign keys off outside
 * the transaction (dropping `posts` would otherwise cascade to every like and comment), a new
 * table from the old one's own SQL without the mirror columns, the rows copied, the old table
 * dropped, the new one renamed, indexes and triggers made again, and the foreign keys checked
 * before they are turned back on. `legacy_alter_table` keeps the rename from rewriting the other
 * tables' references to `posts`, which must keep naming `posts`.
 */
async function dropSqlitePostsMirror(db: Kysely<unknown>) {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'posts'`.execute(db);
  const extras = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'posts' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const columns = await sql<{ name: string }>`select name from pragma_table_info('posts')`.execute(
    db,
  );
  const kept = columns.rows.map((c) => c.name).filter((name) => !mirrorColumns.includes(name));
  const mirror = new RegExp(`,\\s*"?(${mirrorColumns.join('|')})"?[^,)]*`, 'g');
  const createNew = table.rows[0]!.sql.replace(mirror, '').replace(/"?posts"?/, '"posts_new"');
  const list = kept.map((name) => `"${name}"`).join(', ');

  await sql`pragma foreign_keys = off`.execute(db);
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(createNew).execute(trx);
      await sql.raw(`insert into posts_new (${list}) select ${list} from posts`).execute(trx);
      await sql`drop table posts`.execute(trx);
      await sql`alter table posts_new rename to posts`.execute(trx);
      for (const { sql: statement } of extras.rows) await sql.raw(statement).execute(trx);
      const broken = await sql`pragma foreign_key_check(posts)`.execute(trx);
      if (broken.rows.length > 0) throw new Error('posts rebuild broke a foreign key');
    });
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
