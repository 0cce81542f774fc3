import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './sqlite-driver';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { setBounded } from '../bounded-map';

/**
 * Kysely's SQLite driver prepares every statement anew, and preparing cost a fifth of the CPU of a
 * feed request in the profile. The SQL text of a Kysely query is the same for every call (values
 * are parameters), so prepared statements are kept by text and reused. Safe because the driver
 * runs each statement to completion synchronously (`all` or `run`) before the next one starts.
 * Bounded: `in (?, ?, …)` lists make one text per list length, and raw SQL could make more.
 */
export function withStatementCache(
  sqlite: SqliteDatabase,
  maxStatements = 500,
): KyselySqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sqlText: string) => {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        setBounded(statements, sqlText, statement, maxStatements);
      }
      return statement;
    },
  };
}
