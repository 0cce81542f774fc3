import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, ProfilesTable } from '../db/schema';
import { storedVariants } from './stored-variants';

export async function insertProfile(
  db: Kysely<DB>,
  profile: Insertable<ProfilesTable>,
): Promise<void> {
  await db.insertInto('profiles').values(profile).execute();
}

export function findProfileById(db: Kysely<DB>, id: string) {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Usernames are stored lowercase (the contracts lowercase them), so this is case-insensitive. */
export function findProfileByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function usernameExists(db: Kysely<DB>, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateProfile(
  db: Kysely<DB>,
  id: string,
  patch: Updateable<ProfilesTable>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('profiles').set(patch).where('id', '=', id).execute();
}

export async function addToPostsCount(db: Kysely<DB>, id: string, delta: number): Promise<void> {
  await db
    .updateTable('profiles')
    .set((eb) => ({ posts_count: eb('posts_count', '+', delta) }))
    .where('id', '=', id)
    .execute();
}

/** Every storage key a profile picture references: the sweeper keeps these. */
export async function listAvatarKeys(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .select(['avatar_key', 'avatar_variants'])
    .where('avatar_key', 'is not', null)
    .execute();
  return rows.flatMap((row) => [
    ...(row.avatar_key ? [row.avatar_key] : []),
    ...storedVariants.keys(row.avatar_variants),
  ]);
}

/** Whether a person's account is private (undefined: no such person). */
export async function findIsPrivate(db: Kysely<DB>, id: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('profiles')
    .select('is_private')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : Boolean(row.is_private);
}
