import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from './schema';
import { SqliteDatabase } from './sqlite-driver';

/**
 * SQLite file operations for backup and restore: the one place that copies a database. A live
 * database (a server writing to it from another process, its recent commits still in the -wal
 * file) is never copied as a file: that could catch a page half written and would miss the log.
 * SQLite's online backup API reads a consistent snapshot through a connection of its own instead.
 */

/** Pages per backup step: all of them, so writers elsewhere cannot restart the copy forever. */
const allPages = 0x7fffffff;

/**
 * Copies the database at `source` into a new file `destination` through the online backup API,
 * while other processes keep reading and writing it. In WAL mode the copy holds a read snapshot:
 * it never blocks the server's writes, and the server never blocks it. SQLite restarts a backup
 * that a write from another connection overtakes between two steps; copying every page in one
 * step (after the first, which only starts it) makes it finish at the latest on the step after
 * such a restart. The copy leaves WAL mode, so it is one self-contained file.
 */
export async function snapshotSqlite(
  source: string,
  destination: string,
  busyTimeoutMs: number,
): Promise<void> {
  const live = new SqliteDatabase(source, { fileMustExist: true, timeout: busyTimeoutMs });
  try {
    await live.backup(destination, { progress: () => allPages });
  } finally {
    live.close();
  }
  const copy = new SqliteDatabase(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/**
 * `PRAGMA integrity_check` of a database file that nothing else has open: 'ok', or what is wrong
 * (also when the file is no SQLite database at all).
 */
export function checkSqliteIntegrity(file: string): string {
  let database: SqliteDatabase | undefined;
  try {
    database = new SqliteDatabase(file, { fileMustExist: true });
    const rows = database.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check);
    return problems.length === 1 && problems[0] === 'ok' ? 'ok' : problems.slice(0, 3).join('; ');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    database?.close();
  }
}

/**
 * Kysely over a database file that no server has open (a snapshot, a restore being checked),
 * without migrating it or starting the checkpointer: what the repositories read it through.
 */
export function openSqliteFile(file: string): Kysely<DB> {
  const database = new SqliteDatabase(file, { fileMustExist: true });
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}
