import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolFixture } from '../test/pool-fixture';
import { openPoolFixture } from '../test/pool-fixture';
import { databaseFailure } from './errors';
import { createPostgresPool, healingPool } from './postgres-pool';
import type { DB } from './schema';

/** The pool against the test run's real PostgreSQL, with short timeouts. */
describe('the PostgreSQL pool', () => {
  let fixture: PoolFixture | undefined;
  let pool: pg.Pool;
  let db: Kysely<DB>;
  let admin: pg.Client;

  beforeAll(async () => {
    fixture = await openPoolFixture({ poolSize: 2, connectTimeoutMs: 1000, queryTimeoutMs: 300 });
    ({ pool, db, admin } = fixture);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const backendPid = async () =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

  it('survives the backend of a checked-out connection being terminated (a restart or failover), and serves the next query on a new connection', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtExceptionMonitor', record);
    try {
      let terminated = 0;
      const error = await db
        .transaction()
        .execute(async (trx) => {
          terminated = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx))
            .rows[0]!.pid;
          await admin.query('select pg_terminate_backend($1)', [terminated]);
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(databaseFailure(error)).toBe('unavailable');
      // Give the dropped socket's events time to fire.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
      expect(await backendPid()).not.toBe(terminated);
    } finally {
      process.off('uncaughtExceptionMonitor', record);
    }
  });

  it('has the server cancel a statement after the query timeout, and keeps that connection', async () => {
    // Its own pool with a wider gap between the server's cancel (80 %) and the client's timeout:
    // with 300 ms the 60 ms gap was lost on a loaded CI machine, and the client gave up first.
    const roomy = createPostgresPool({
      kind: 'postgres',
      url: fixture!.url,
      poolSize: 1,
      preparedStatements: true,
      connectTimeoutMs: 2000,
      queryTimeoutMs: 2500,
    });
    const roomyDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool: healingPool(roomy) }) });
    let removals = 0;
    roomy.on('remove', () => (removals += 1));
    try {
      const started = Date.now();
      const error = await sql`select pg_sleep(10)`.execute(roomyDb).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(Date.now() - started).toBeLessThan(2500);
      expect((error as { code?: string }).code).toBe('57014');
      expect(databaseFailure(error)).toBe('unavailable');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(removals).toBe(0);
    } finally {
      await roomyDb.destroy();
    }
  });

  it('gives up on a server that does not answer after the query timeout, and drops that connection instead of lending it again', async () => {
    const removed: number[] = [];
    const onRemove = (client: pg.PoolClient) =>
      removed.push((client as unknown as { processID: number }).processID);
    pool.on('remove', onRemove);
    try {
      let stalled = -1;
      const started = Date.now();
      const error = await db
        .transaction()
        .execute(async (trx) => {
          stalled = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx))
            .rows[0]!.pid;
          // Only the client's timeout is left: as if the server had frozen.
          await sql`set local statement_timeout = 0`.execute(trx);
          await sql`select pg_sleep(3)`.execute(trx);
        })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(Date.now() - started).toBeLessThan(2000);
      expect(databaseFailure(error)).toBe('unavailable');
      // The statement may still be running on the server; the next borrower would wait for it.
      // pg-pool reports the removal once the socket has closed.
      for (let wait = 0; wait < 50 && !removed.includes(stalled); wait++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(removed).toContain(stalled);
      expect(await backendPid()).not.toBe(stalled);
    } finally {
      pool.off('remove', onRemove);
    }
  });
});
