import type { Kysely } from 'kysely';
import { PostgresAdapter, SqliteAdapter } from 'kysely';
import type { Dialect } from './database';
import type { DB } from './schema';

/**
 * Which database a connection (or a transaction on it) talks to, read from the connection itself,
 * so a repository that writes differently on each picks its form without its caller knowing which
 * database runs: services stay the same code on both. Kysely marks getExecutor() internal but has
 * no public way from a transaction to its dialect; the test beside this file opens both databases
 * and their transactions, and fails if an upgrade moves it.
 */
export function dialectOf(db: Kysely<DB>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error(`No statements are written for ${adapter.constructor.name}`);
}
