import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

interface TriggerSpec {
  name: string;
  table: string;
  event: string;
  /** SQL expressions naming what changed (see cache/cache-tags.ts). */
  topics: string[];
}

/**
 * A photo added, reordered, described or removed changes its post; a save added or removed
 * changes what its saver sees (`saved_by_me`, their saved list). A post deleted cascades to its
 * photos and saves, whose triggers then name the post and each saver.
 */
const triggers: TriggerSpec[] = [
  {
    name: 'post_images_insert_cache_change',
    table: 'post_images',
    event: 'insert',
    topics: [`'post:' || new.post_id`],
  },
  {
    name: 'post_images_update_cache_change',
    table: 'post_images',
    event: 'update',
    topics: [`'post:' || new.post_id`],
  },
  {
    name: 'post_images_delete_cache_change',
    table: 'post_images',
    event: 'delete',
    topics: [`'post:' || old.post_id`],
  },
  {
    name: 'saves_insert_cache_change',
    table: 'saves',
    event: 'insert',
    topics: [`'saves-of:' || new.user_id`],
  },
  {
    name: 'saves_delete_cache_change',
    table: 'saves',
    event: 'delete',
    topics: [`'saves-of:' || old.user_id`],
  },
];

const values = (spec: TriggerSpec) => spec.topics.map((topic) => `(${topic})`).join(', ');

async function createTrigger(db: Kysely<unknown>, spec: TriggerSpec, postgres: boolean) {
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

/**
 * Posts of several photos, each with its alt text; saved posts; the time of a post's last edit.
 *
 * `posts.image_*` stay and always describe the first photo (written with it, on reorder and by
 * the variant backfill), so anything that reads a post's one photo keeps working; the API reads
 * the photos from `post_images`. Every existing post becomes a one-photo post whose photo id is
 * the post's id (unique, and no id generator is needed in SQL).
 */
export const postImagesAndSaves: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema.alterTable('posts').addColumn('edited_at', 'text').execute();

    await db.schema
      .createTable('post_images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('image_key', 'text', (c) => c.notNull().unique())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('placeholder', 'text')
      .addColumn('variants', 'text', (c) => c.notNull())
      .addColumn('alt_text', 'text')
      // Also the index that reads a page's photos in order.
      .addUniqueConstraint('post_images_order', ['post_id', 'position'])
      .execute();
    await sql`insert into post_images
        (id, post_id, position, image_key, width, height, placeholder, variants, alt_text)
      select id, id, 0, image_key, image_width, image_height, image_placeholder, image_variants, null
      from posts`.execute(db);

    await db.schema
      .createTable('saves')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      // The key also answers `saved_by_me` for a page of posts.
      .addPrimaryKeyConstraint('saves_pair', ['user_id', 'post_id'])
      .execute();
    // The saved list, newest saved first, keyset-paged by (created_at, post).
    await db.schema
      .createIndex('saves_newest')
      .on('saves')
      .expression(sql`user_id, created_at desc, post_id desc`)
      .execute();
    // Deleting a post finds its saves without a scan.
    await db.schema.createIndex('saves_by_post').on('saves').column('post_id').execute();

    for (const spec of triggers) await createTrigger(db, spec, postgres);
  },
};
