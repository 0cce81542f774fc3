import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { StatementNames } from './prepared-statements';
import { isStalePlanError } from './prepared-statements';
import type { Config } from '../env';

type PostgresConfig = Extract<Config['database'], { kind: 'postgres' }>;

/**
 * A pg pool that survives the database going away and never waits on it without a bound.
 *
 * - Every client gets an `'error'` listener for its whole life. pg-pool listens only while a
 *   client is idle; a checked-out client whose server restarts, fails over or is killed emits
 *   `'error'` ("Connection terminated unexpectedly", ECONNRESET) with nobody listening, which
 *   ends the process. The query in flight still fails (and the request with it).
 * - `connectionTimeoutMillis` bounds the wait for a pooled or new connection (a frozen server
 *   accepts TCP connections but never finishes the handshake).
 * - `query_timeout` bounds each statement on the client, which is what ends a wait on a server
 *   that answers nothing. `statement_timeout` asks the server to cancel a little earlier (at
 *   80%), so a merely slow statement ends with the server's own error and its connection stays
 *   usable, while a frozen server is abandoned at the full timeout.
 *   `idle_in_transaction_session_timeout` frees the locks of a transaction whose process froze
 *   or vanished.
 * - `keepAlive` lets the kernel notice a peer that vanished without closing the connection.
 *
 * Migrations get a pool without statement timeouts (`forMigrations`): an index build may take
 * minutes, and waiting for another instance's migration lock is normal at start.
 */
export function createPostgresPool(
  config: PostgresConfig,
  options: { forMigrations?: boolean; size?: number } = {},
): pg.Pool {
  const statementTimeouts = options.forMigrations
    ? {}
    : {
        query_timeout: config.queryTimeoutMs,
        statement_timeout: Math.floor(config.queryTimeoutMs * 0.8),
        idle_in_transaction_session_timeout: config.queryTimeoutMs * 2,
      };
  const pool = new pg.Pool({
    connectionString: config.url,
    max: options.size ?? (options.forMigrations ? 2 : config.poolSize),
    connectionTimeoutMillis: config.connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...statementTimeouts,
  });
  // Idle clients are also covered by pg-pool's own listener, which drops them from the pool.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/**
 * pg's DatabaseError is the server answering (a constraint, a cancelled statement): the
 * connection is fine. Anything else from a query — a client-side timeout, a dropped socket —
 * leaves the connection unusable or stuck behind an unanswered statement.
 */
function connectionIsSuspect(error: unknown): boolean {
  return !(error instanceof pg.DatabaseError);
}

/**
 * The pool as Kysely sees it, releasing a client whose query failed at the connection level
 * with `release(error)`, which makes pg-pool destroy it instead of lending it again: after a
 * client-side timeout the statement may still be running on the server, and the next borrower
 * would queue behind it. This is how the pool heals after a freeze or a network partition.
 */
export function healingPool(pool: pg.Pool, names?: StatementNames): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let failure: Error | undefined;
      const run = (text: string, values: unknown[] | undefined, name: string | undefined) =>
        name ? client.query({ name, text, values }) : client.query(text, values);
      const runText = async (text: string, values: unknown[] | undefined) => {
        const name = names?.nameFor(text);
        try {
          return await run(text, values, name);
        } catch (error) {
          // Another instance's migration changed a table under a prepared `select *`: this
          // text is sent unnamed from now on, and this once again at once.
          if (name && isStalePlanError(error)) {
            names?.forget(text);
            return run(text, values, undefined).catch((retryError: unknown) =>
              noteFailure(retryError),
            );
          }
          return noteFailure(error);
        }
      };
      return {
        // A cursor (Kysely's streaming) is handed back as it is, not wrapped in a promise.
        query: ((sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>) =>
          typeof sqlOrCursor === 'string'
            ? runText(sqlOrCursor, parameters as unknown[] | undefined)
            : client.query(sqlOrCursor as never)) as unknown as PostgresPoolClient['query'],
        release() {
          client.release(failure);
        },
      };

      function noteFailure(error: unknown): never {
        if (connectionIsSuspect(error)) {
          failure = error instanceof Error ? error : new Error(String(error));
        }
        throw error;
      }
    },
    end: () => pool.end(),
  };
}
