import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * Which build of better-sqlite3 this Node can run. Version 12 wraps its objects in
 * node::ObjectWrap, which Node 24.19 changed: a statement freed by the garbage collector at the
 * wrong moment aborts the process ("Assertion failed: (env) != nullptr", nodejs/node#65446), and
 * we reproduced it on Node 24.21. Version 13 uses Node-API 10 and runs fine there, but crashes on
 * Node 20 (no Node-API 10). Both are optional dependencies (13 under the alias
 * better-sqlite3-napi): npm skips 13 where its engines (Node 22+) rule it out, quietly, so Node 20
 * installs without a warning. The runtime picks by the Node-API version it offers: 22.14+ and 24
 * get 13, Node 20 gets 12.
 */
export function sqliteDriverPackage(napiVersion = Number(process.versions.napi)): string {
  return napiVersion >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3';
}

const driverPackage = sqliteDriverPackage();

function loadDriver(name: string): typeof BetterSqlite3 {
  try {
    return require(name) as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `The SQLite driver ${name} for Node ${process.version} is not installed or did not build ` +
        `(run npm install again; it needs a C++ compiler when no prebuilt binary fits): ` +
        `${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** The better-sqlite3 Database class for this runtime (same API in both versions). */
export const SqliteDatabase = loadDriver(driverPackage);
export type SqliteDatabase = BetterSqlite3.Database;

/** Where the chosen driver lives, for tests that open the database from a child process. */
export const sqliteDriverPath = require.resolve(driverPackage);
