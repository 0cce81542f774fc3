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
 * A story shared or removed (by its author, the sweep, or an account's cascade) may change
 * anyone's trays: `stories:any`, as a new post forgets every Following feed. A view added or
 * removed changes what its viewer sees unviewed: `story-views-of:<viewer>`.
 */
const triggers: TriggerSpec[] = [
  {
    name: 'stories_insert_cache_change',
    table: 'stories',
    event: 'insert',
    topics: [`'stories:any'`],
  },
  {
    name: 'stories_delete_cache_change',
    table: 'stories',
    event: 'delete',
    topics: [`'stories:any'`],
  },
  {
    name: 'story_views_insert_cache_change',
    table: 'story_views',
    event: 'insert',
    topics: [`'story-views-of:' || new.viewer_id`],
  },
  {
    name: 'story_views_delete_cache_change',
    table: 'story_views',
    event: 'delete',
    topics: [`'story-views-of:' || old.viewer_id`],
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
 * Stories, photos shown for 24 hours, and who viewed them.
 *
 * - `stories`: one photo each, stored as a post's photo is (`variants` JSON of keys, never URLs).
 *   `expires_at` is written with the row (`created_at` + 24 h) and compared in app time: a story
 *   is live while now < expires_at. `(user_id, expires_at)` finds one person's live stories (a
 *   tray, probed once per person followed); `(expires_at)` finds everyone's live ones (the
 *   signed-out trays) and the expired ones the sweep removes.
 * - `story_views`: one row per viewer and story, whatever the number of views; the key makes
 *   marking a view idempotent and answers `viewed_by_me`. `viewer_id` is indexed for the cascade
 *   of a deleted account.
 */
export const stories: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('stories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('image_key', 'text', (c) => c.notNull().unique())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('placeholder', 'text')
      .addColumn('variants', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('stories_by_user')
      .on('stories')
      .columns(['user_id', 'expires_at'])
      .execute();
    await db.schema.createIndex('stories_by_expiry').on('stories').column('expires_at').execute();

    await db.schema
      .createTable('story_views')
      .addColumn('story_id', 'text', (c) =>
        c.notNull().references('stories.id').onDelete('cascade'),
      )
      .addColumn('viewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('viewed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('story_views_pair', ['story_id', 'viewer_id'])
      .execute();
    await db.schema
      .createIndex('story_views_by_viewer')
      .on('story_views')
      .column('viewer_id')
      .execute();

    for (const spec of triggers) await createTrigger(db, spec, postgres);
  },
};
