import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPostgresPool, healingPool } from '../db/postgres-pool';
import type { StatementNames } from '../db/prepared-statements';
import type { DB } from '../db/schema';
import { createPostgresDatabase } from './harness';

/** A fresh database of the test run's PostgreSQL, a healing pool over it, and an admin client. */
export interface PoolFixture {
  url: string;
  pool: pg.Pool;
  db: Kysely<DB>;
  admin: pg.Client;
  close(): Promise<void>;
}

export async function openPoolFixture(options: {
  poolSize: number;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
  names?: StatementNames;
}): Promise<PoolFixture> {
  const database = await createPostgresDatabase();
  const pool = createPostgresPool({
    kind: 'postgres',
    url: database.url,
    poolSize: options.poolSize,
    preparedStatements: options.names !== undefined,
    connectTimeoutMs: options.connectTimeoutMs,
    queryTimeoutMs: options.queryTimeoutMs,
  });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: healingPool(pool, options.names) }),
  });
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  return {
    url: database.url,
    pool,
    db,
    admin,
    async close() {
      await admin.end();
      await db.destroy();
      await database.drop();
    },
  };
}
