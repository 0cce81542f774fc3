import fs from 'node:fs';
import path from 'node:path';
import type { LogEvent } from 'kysely';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../env';
import { migrateToLatest } from './migrate';
import type { NotificationSignals } from './notification-signals';
import { postgresNotificationSignals, sqliteNotificationSignals } from './notification-signals';
import { createPostgresPool, healingPool } from './postgres-pool';
import { StatementNames } from './prepared-statements';
import type { DB } from './schema';
import { ImmediateSqliteDialect } from './sqlite-dialect';
import { SqliteDatabase } from './sqlite-driver';
import { withStatementCache } from './statement-cache';
import { fallbackCheckpointPages, startWalCheckpointer } from './wal-checkpointer';

export type Dialect = 'sqlite' | 'postgres';

/** A connection pool at one moment (the metrics read it at each scrape). */
export interface PoolUse {
  /** Connections open, idle or lent out. */
  open: number;
  idle: number;
  /** Queries waiting for a connection: every one is lent out and the pool is at its size. */
  waiting: number;
  max: number;
}

export interface Database {
  db: Kysely<DB>;
  /**
   * Where the change log behind the read caches is read (cache/read-caches.ts). On PostgreSQL a
   * connection of its own: every request waits for that read, and in the pool's queue it waited
   * behind every write queued before it, once or twice per request. On SQLite `db` itself.
   */
  changeLogDb: Kysely<DB>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Whose notifications changed, on any instance (live events). */
  notificationSignals: NotificationSignals;
  /** Where failures of the database's own upkeep (SQLite's background checkpoints) are told. */
  reportUpkeepErrorsTo(report: (error: Error) => void): void;
  /**
   * PostgreSQL's pool right now; undefined on SQLite, which has one connection in the process
   * and no pool (its writers wait on the file's lock, which no counter shows).
   */
  poolUse(): PoolUse | undefined;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Called with every executed statement; tests count queries with it. */
  onQuery?: (sqlText: string) => void;
  migrate?: boolean;
}

// COUNT(*) and other int8 values arrive as strings from pg; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openDatabase(
  config: Config['database'],
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const log = options.onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') options.onQuery?.(event.query.sql);
      }
    : undefined;

  let database: Database;
  /** SQLite's live-event triggers, created once the schema is there (db/notification-signals.ts). */
  let installSignals: (() => void) | undefined;
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SqliteDatabase(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    // Other processes (seed, sweep, a second server) may hold the write lock for a moment;
    // longer than the query timeout and the request answers 503 (SQLITE_BUSY).
    sqlite.pragma(`busy_timeout = ${Math.round(config.queryTimeoutMs)}`);
    // Checkpoints happen off the event loop (db/wal-checkpointer.ts); this one is the fallback.
    sqlite.pragma(`wal_autocheckpoint = ${fallbackCheckpointPages}`);
    let reportUpkeepError = (_error: Error) => {};
    const checkpointer = startWalCheckpointer(config.file, {
      onError: (error) => reportUpkeepError(error),
    });
    const db = new Kysely<DB>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
      log,
    });
    const notificationSignals = sqliteNotificationSignals(sqlite);
    installSignals = () => notificationSignals.install();
    database = {
      db,
      changeLogDb: db,
      dialect: 'sqlite',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      notificationSignals,
      reportUpkeepErrorsTo: (report) => {
        reportUpkeepError = report;
      },
      poolUse: () => undefined,
      close: async () => {
        await notificationSignals.close();
        await checkpointer.close();
        await db.destroy();
      },
    };
  } else {
    const pool = createPostgresPool(config);
    const names = config.preparedStatements ? new StatementNames() : undefined;
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: healingPool(pool, names) }),
      log,
    });
    const changeLogPool = createPostgresPool(config, { size: 1 });
    const changeLogDb = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: healingPool(changeLogPool, names) }),
      log,
    });
    const notificationSignals = postgresNotificationSignals(config);
    database = {
      db,
      changeLogDb,
      dialect: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      notificationSignals,
      // PostgreSQL keeps its own house (autovacuum, checkpoints).
      reportUpkeepErrorsTo: () => {},
      poolUse: () => ({
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: config.poolSize,
      }),
      close: async () => {
        await notificationSignals.close();
        await changeLogDb.destroy();
        await db.destroy();
      },
    };
  }
  if (options.migrate !== false) {
    try {
      await migrate(config, database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  installSignals?.();
  return database;
}

/** PostgreSQL migrates on its own short-lived pool, free of the request timeouts. */
async function migrate(config: Config['database'], database: Database): Promise<void> {
  if (config.kind === 'sqlite') {
    await migrateToLatest(database.db);
    return;
  }
  const pool = createPostgresPool(config, { forMigrations: true });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}
