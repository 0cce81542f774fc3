import type { Kysely } from 'kysely';
import type { DB, PasswordResetsTable } from '../db/schema';

export async function insertPasswordReset(db: Kysely<DB>, row: PasswordResetsTable): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/** How many links the account was given since `since`, used or not (the per-account limit). */
export async function countPasswordResetsSince(
  db: Kysely<DB>,
  userId: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The account a live, unused link belongs to. */
export function findLivePasswordReset(db: Kysely<DB>, tokenHash: string, now: string) {
  return db
    .selectFrom('password_resets')
    .select(['user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Marks a live link used; true only for the one caller that did. The check and the write are one
 * statement, so two requests racing with the same link cannot both get through.
 */
export async function markPasswordResetUsed(
  db: Kysely<DB>,
  tokenHash: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every other live link of the account stops working once its password has changed. */
export async function usePasswordResetsOf(db: Kysely<DB>, userId: string, now: string) {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Links past their hour are only kept for the per-account count, which looks back one hour. */
export async function deleteExpiredPasswordResets(db: Kysely<DB>, now: string): Promise<number> {
  const result = await db
    .deleteFrom('password_resets')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
