import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';

/** What a backup's manifest counts, read from its database snapshot. */
export interface BackupRowCounts {
  people: number;
  posts: number;
  likes: number;
  comments: number;
  sessions: number;
}

const countOf = async (db: Kysely<DB>, table: keyof DB) => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export async function countBackupRows(db: Kysely<DB>): Promise<BackupRowCounts> {
  return {
    people: await countOf(db, 'users'),
    posts: await countOf(db, 'posts'),
    likes: await countOf(db, 'likes'),
    comments: await countOf(db, 'comments'),
    sessions: await countOf(db, 'sessions'),
  };
}

/**
 * The last migration the database went through (Kysely's own table, not part of `DB`): the
 * schema version a backup records. Null for a database no Pinhole ever migrated.
 */
export async function latestMigration(db: Kysely<DB>): Promise<string | null> {
  const present = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name = 'kysely_migration'
  `.execute(db);
  if (present.rows.length === 0) return null;
  const result = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1
  `.execute(db);
  return result.rows[0]?.name ?? null;
}
