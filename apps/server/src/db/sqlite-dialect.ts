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
    // After SQLITE_FULL or an I/O error SQLite may already have rolled the transaction back;
    // Kysely's own ROLLBACK then fails ("no transaction is active") and its error would replace
    // the one that tells what happened (a full disk answers 507, this one a 500).
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      try {
        await connection.executeQuery(CompiledQuery.raw('rollback'));
      } catch (error) {
        if (!/no transaction is active/.test((error as Error).message)) throw error;
      }
    };
    return driver;
  }
}
