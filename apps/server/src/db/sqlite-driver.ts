import { createRequire } from 'node:module';
import BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * The SQLite driver: better-sqlite3 13, a Node-API 10 build (Node 22.14+ and 24, the runtimes
 * package.json's engines allow). Version 12 aborted Node 24.19+ when the garbage collector freed a
 * statement at the wrong moment (nodejs/node#65446); sqlite-driver.test.ts keeps that pattern.
 */
export const SqliteDatabase = BetterSqlite3;
export type SqliteDatabase = BetterSqlite3.Database;

/** Where the driver lives, for code that opens the database from a worker or a child process. */
export const sqliteDriverPath = require.resolve('better-sqlite3');
