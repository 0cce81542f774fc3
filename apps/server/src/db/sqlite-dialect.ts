import type { DatabaseConnection, Driver } from 'kysely';
import { CompiledQuery, SqliteDialect } from 'kysely';

/**
 * SQLite transactions that take the write lock up front (`BEGIN IMMEDIATE`). A deferred
 * transaction that reads first and writes later fails at once with SQLITE_BUSY when another
 * process wrote in between; an immediate one waits for the lock (busy_timeout) instead.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}
