import type { Kysely } from 'kysely';
import type { DB, InvitesTable } from '../db/schema';

export async function insertInvite(db: Kysely<DB>, invite: InvitesTable): Promise<void> {
  await db.insertInto('invites').values(invite).execute();
}

/**
 * Takes one use of a live invite: a single conditional update, so two sign-ups racing for the
 * last use cannot both get it. False when the code is unknown, expired or used up.
 */
export async function consumeInvite(db: Kysely<DB>, code: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invites')
    .set((eb) => ({ uses_left: eb('uses_left', '-', 1) }))
    .where('code', '=', code)
    .where('uses_left', '>', 0)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Invites that can still be used, newest first (an admin makes few: no paging). */
export function listLiveInvites(db: Kysely<DB>, now: string, limit: number) {
  return db
    .selectFrom('invites')
    .select(['code', 'uses_left', 'expires_at'])
    .where('uses_left', '>', 0)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('code', 'desc')
    .limit(limit)
    .execute();
}
