import type { Kysely } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';

/** The topic a reader gets when it cannot tell what changed: forget everything. */
export const everythingChanged = '*';

/** More rows than this in one read: cheaper to forget everything than to apply them one by one. */
const maxRowsPerRead = 5_000;

/**
 * Reads the change log (`cache_changes`, written by triggers) from where the last read stopped.
 * The first read only finds the current position and answers "everything": there is nothing to
 * keep yet. Not safe for concurrent reads: the caller (cache/change-feed.ts) runs one
 * at a time.
 */
export interface ChangeLogReader {
  next(): Promise<string[]>;
}

/** What has been written so far: by this connection (`changes`), by others (`version`). */
interface WriteStamp {
  changes: number;
  version: number;
}

/** Whether anything may have been written since a stamp was taken (see sqliteReader). */
const writeStampQuery = CompiledQuery.raw(
  'select total_changes() as changes, data_version as version from pragma_data_version',
);

const rowsAfterQuery = (lastId: number) =>
  CompiledQuery.raw(
    'select "id", "topic" from "cache_changes" where "id" > ? order by "id" limit ?',
    [lastId, maxRowsPerRead],
  );

/**
 * SQLite has one writer at a time, across processes too, so ids are handed out in commit order
 * (AUTOINCREMENT never reuses one): every row above the last id read is new.
 *
 * Every request reads the log, and on an idle log that read was a quarter of a cached feed
 * page's CPU (bench/profile.ts). So it first asks SQLite whether anything was written at all:
 * `total_changes()` counts the rows this connection changed (triggers' rows included) and
 * `data_version` moves when another connection (a second process, a worker) commits. When
 * neither moved, no row can have been added; the query is built once (CompiledQuery), not per
 * request.
 */
function sqliteReader(db: Kysely<DB>): ChangeLogReader {
  let lastId: number | undefined;
  let last: WriteStamp | undefined;
  return {
    async next() {
      const [stamp] = (await db.executeQuery<WriteStamp>(writeStampQuery)).rows;
      const unchanged =
        stamp !== undefined &&
        last !== undefined &&
        stamp.changes === last.changes &&
        stamp.version === last.version;
      if (lastId !== undefined && unchanged) return [];
      if (lastId === undefined) {
        const row = await db
          .selectFrom('cache_changes')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        lastId = Number(row?.id ?? 0);
        last = stamp;
        return [everythingChanged];
      }
      const { rows } = await db.executeQuery<{ id: number; topic: string }>(rowsAfterQuery(lastId));
      const newest = rows.at(-1);
      if (newest) lastId = newest.id;
      if (rows.length === maxRowsPerRead) return [everythingChanged];
      // Taken before the rows were read: a write since then moves it, and the next call reads.
      last = stamp;
      return rows.map((row) => row.topic);
    },
  };
}

interface PostgresChangeRow {
  xmin: number;
  id: number | null;
  topic: string | null;
  txid: number | null;
}

/**
 * PostgreSQL hands out ids when rows are inserted, not when they commit, so "above the last id"
 * could skip a slow transaction's row. Instead each read remembers its snapshot's xmin (every
 * transaction below it had finished, and was seen, at that read); the next read takes every row
 * whose transaction id is at or above it, and skips the ids it has already applied.
 */
function postgresReader(db: Kysely<DB>): ChangeLogReader {
  let xmin: number | undefined;
  /** Rows applied that a later read may return again: id → txid, dropped once below xmin. */
  const applied = new Map<number, number>();
  return {
    async next() {
      const { rows } = await sql<PostgresChangeRow>`
        select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin,
               c.id, c.topic, c.txid
        from (select 1) as one
        left join lateral (
          select id, topic, txid from cache_changes
          where txid >= ${xmin ?? Number.MAX_SAFE_INTEGER}
          limit ${maxRowsPerRead}
        ) as c on true`.execute(db);
      const first = xmin === undefined;
      const snapshotXmin = Number(rows[0]?.xmin ?? 0);
      xmin = snapshotXmin;
      const topics: string[] = [];
      for (const row of rows) {
        if (row.id === null || row.topic === null || applied.has(row.id)) continue;
        applied.set(row.id, Number(row.txid));
        topics.push(row.topic);
      }
      for (const [id, txid] of applied) if (txid < snapshotXmin) applied.delete(id);
      if (first || rows.length >= maxRowsPerRead) return [everythingChanged];
      return topics;
    },
  };
}

export function createChangeLogReader(db: Kysely<DB>, dialect: Dialect): ChangeLogReader {
  return dialect === 'sqlite' ? sqliteReader(db) : postgresReader(db);
}

/**
 * Removes change rows older than `beforeMs`, a batch at a time so that a large backlog (after a
 * seed) never holds SQLite's only connection for long. Returns how many went.
 */
export async function pruneCacheChanges(db: Kysely<DB>, beforeMs: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await db
      .deleteFrom('cache_changes')
      .where(
        'id',
        'in',
        db
          .selectFrom('cache_changes')
          .select('id')
          .where('created_ms', '<', beforeMs)
          .limit(maxRowsPerRead),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    removed += count;
    if (count < maxRowsPerRead) return removed;
  }
}

/** Marks everything as changed: for bulk writers (the seed) that clear the log they filled. */
export async function resetCacheChanges(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('cache_changes').execute();
  await db.insertInto('cache_changes').values({ topic: everythingChanged }).execute();
}

/** Marks these topics changed on every instance (a write with no row of its own to trigger it). */
export async function markTopicsChanged(db: Kysely<DB>, topics: readonly string[]): Promise<void> {
  if (topics.length === 0) return;
  await db
    .insertInto('cache_changes')
    .values(topics.map((topic) => ({ topic })))
    .execute();
}
