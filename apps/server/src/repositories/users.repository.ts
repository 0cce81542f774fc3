import type { Kysely } from 'kysely';
import type { DB, UsersTable } from '../db/schema';

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('email', '=', email)
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

export async function insertUser(db: Kysely<DB>, user: UsersTable): Promise<void> {
  await db.insertInto('users').values(user).execute();
}
