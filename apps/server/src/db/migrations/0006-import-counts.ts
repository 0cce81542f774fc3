import type { Kysely, Migration } from 'kysely';

/**
 * An import's result says how many posts it added and how many the account already
 * had, so importing the same archive twice reads "0 added, 12 already here" rather than nothing.
 */
export const importCounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('imports')
      .addColumn('posts_imported', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('imports')
      .addColumn('posts_skipped', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
