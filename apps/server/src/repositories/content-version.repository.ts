import type { Kysely } from 'kysely';
import { CompiledQuery } from 'kysely';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';

/*
 * A token that changes whenever any write may have been committed, read with one tiny query.
 * SQLite: total_changes() counts rows written by this connection (the server's only one), and
 * data_version changes when another process (seed, sweep, a second server) commits. Kysely gives
 * the single SQLite connection to one query or transaction at a time, so this never runs in the
 * middle of one of our own transactions.
 * PostgreSQL: the current snapshot names the newest finished transaction id and those still
 * running; any write transaction that commits changes it, on whichever instance it ran.
 * Spurious changes (a rolled-back write, another database in the cluster) only cost a cache miss.
 */
const versionQuery: Record<Dialect, CompiledQuery<{ version: string | number }>> = {
  sqlite: CompiledQuery.raw(
    "select total_changes() || ':' || (select data_version from pragma_data_version) as version",
  ),
  postgres: CompiledQuery.raw('select pg_current_snapshot()::text as version'),
};

export async function readContentVersion(db: Kysely<DB>, dialect: Dialect): Promise<string> {
  const result = await db.executeQuery(versionQuery[dialect]);
  return String(result.rows[0]?.version ?? '');
}
