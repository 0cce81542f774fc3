import type { Kysely, Migration } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';
import { foldForSearch } from '@pinhole/contracts';

/**
 * Hashtag search ignores accents (`#cafe` finds `#café`), as people search does.
 *
 * `hashtags.folded` holds the name as search compares it, and only where that differs from the
 * name (accents, compatibility forms): most tags are plain and need no copy, and a tag created by
 * the counting triggers of migration 0008 (which cannot fold in SQL) starts without one until
 * `changePostTags` fills it in the same transaction. A search reads two ranges: `folded` where it
 * is set, `name` where it is not. Bytewise on PostgreSQL, as `name` (0008).
 */
export const hashtagFolding: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .alterTable('hashtags')
      .addColumn('folded', postgres ? sql`text collate "C"` : 'text')
      .execute();
    await db.schema
      .createIndex('hashtags_by_folded')
      .on('hashtags')
      .column('folded')
      .where(sql.ref('folded'), 'is not', null)
      .execute();
    const rows = await sql<{ name: string }>`select name from hashtags`.execute(db);
    for (const { name } of rows.rows) {
      const folded = foldForSearch(name);
      if (folded !== name) {
        await sql`update hashtags set folded = ${folded} where name = ${name}`.execute(db);
      }
    }
  },
};
