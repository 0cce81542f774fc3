import type { Kysely } from 'kysely';
import type { DB, SessionsTable } from '../db/schema';

export async function insertSession(db: Kysely<DB>, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The live session for a token hash, with its user, in one query. */
export function findLiveSession(db: Kysely<DB>, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'users.id as user_id',
      'users.email',
      'users.role',
    ])
    .where('sessions.id', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** Which of these sessions (token hashes) are still alive: for long-lived event streams. */
export async function liveSessionsAmong(
  db: Kysely<DB>,
  tokenHashes: readonly string[],
  now: string,
): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', tokenHashes)
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function extendSession(
  db: Kysely<DB>,
  tokenHash: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt })
    .where('id', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', tokenHash).execute();
}

/**
 * Deletes up to `limit` sessions expired at `now`, oldest expiry first; returns how many. A batch
 * at a time, so a purge after a long pause never holds one long transaction. The delete checks the
 * expiry again, so a row another instance renewed in between stays; one another instance deleted
 * first is simply not counted.
 */
export async function deleteExpiredSessions(
  db: Kysely<DB>,
  now: string,
  limit: number,
): Promise<number> {
  const expired = await db
    .selectFrom('sessions')
    .select('id')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  if (expired.length === 0) return 0;
  const result = await db
    .deleteFrom('sessions')
    .where(
      'id',
      'in',
      expired.map((row) => row.id),
    )
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
