import type { Insertable, Kysely } from 'kysely';
import type { DB, UsersTable } from '../db/schema';

const signInColumns = [
  'users.id',
  'users.email',
  'users.password_hash',
  'users.role',
  'profiles.suspended_at',
] as const;

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.id')
    .select(signInColumns)
    .where('users.email', '=', email)
    .executeTakeFirst();
}

/** Only people of this instance have a `users` row: a remote `name@host` never signs in here. */
export function findUserByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.id')
    .select(signInColumns)
    .where('profiles.username', '=', username)
    .executeTakeFirst();
}

export async function emailExists(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Kysely<DB>, user: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/**
 * Makes `userId` the instance's admin if no account claimed that yet, inside the sign-up's
 * transaction (migration 0012, `first_admin`): true when this account is the first.
 */
export async function claimFirstAdmin(db: Kysely<DB>, userId: string): Promise<boolean> {
  const result = await db
    .insertInto('first_admin')
    .values({ id: 1, user_id: userId })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).execute();
  return true;
}

/** Read fresh: a revoked admin stops seeing suspended accounts at once. */
export async function isAdmin(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('role')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.role === 'admin';
}

/** Whether the instance has its first account (and so an admin who can make invites). */
export async function firstAdminClaimed(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('first_admin').select('id').executeTakeFirst();
  return row !== undefined;
}
