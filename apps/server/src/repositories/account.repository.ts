import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import { storedKeysOf } from './media-attachments.repository';
import { storedVariants } from './stored-variants';

export function findPasswordHash(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst()
    .then((row) => row?.password_hash);
}

export async function updatePasswordHash(db: Kysely<DB>, userId: string, hash: string) {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

/** The account's live sessions, most recently used first. */
export function listSessionsOf(db: Kysely<DB>, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends the sessions with these ids that belong to `userId`; how many ended. */
export async function deleteSessionsOf(
  db: Kysely<DB>,
  userId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of the account but `keepId` (null: all of them). */
export async function deleteSessionsExcept(db: Kysely<DB>, userId: string, keepId: string | null) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId !== null) query = query.where('id', '!=', keepId);
  await query.execute();
}

/** Its trigger fires only for `expires_at` and `user_id` (migration 0005): caches keep the session. */
export async function touchSession(db: Kysely<DB>, id: string, at: string) {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Every stored key of the account's posts (originals and variants of every attachment). */
export async function listPostFileKeysOf(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('media_attachments')
    .innerJoin('posts', 'posts.id', 'media_attachments.post_id')
    .select([
      'media_attachments.file_key',
      'media_attachments.variants',
      'media_attachments.jpeg_key',
    ])
    .where('posts.user_id', '=', userId)
    .execute();
  return rows.flatMap(storedKeysOf);
}

/**
 * Removes the account and, through the foreign keys' cascades, everything it made or that points
 * at it. First, the counters others see lose what this account added to them: likes and comments
 * on other people's posts, and follows both ways. Run inside a transaction.
 */
export async function deleteAccountRows(db: Kysely<DB>, userId: string): Promise<boolean> {
  await sql`update posts set likes_count = likes_count - 1
    where user_id <> ${userId} and id in (select post_id from likes where user_id = ${userId})`.execute(
    db,
  );
  await sql`update posts set comments_count = comments_count -
      (select count(*) from comments where comments.post_id = posts.id and comments.user_id = ${userId})
    where user_id <> ${userId} and id in (select post_id from comments where user_id = ${userId})`.execute(
    db,
  );
  await sql`update profiles set followers_count = followers_count - 1
    where id in (select followee_id from follows where follower_id = ${userId})`.execute(db);
  await sql`update profiles set following_count = following_count - 1
    where id in (select follower_id from follows where followee_id = ${userId})`.execute(db);
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setAvatar(
  db: Kysely<DB>,
  userId: string,
  avatar: { key: string; variants: string; placeholder: string | null } | null,
) {
  await db
    .updateTable('profiles')
    .set({
      avatar_key: avatar?.key ?? null,
      avatar_variants: avatar?.variants ?? null,
      avatar_placeholder: avatar?.placeholder ?? null,
    })
    .where('id', '=', userId)
    .execute();
}

export function findAvatarKeys(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('profiles')
    .select(['avatar_key', 'avatar_variants'])
    .where('id', '=', userId)
    .executeTakeFirst()
    .then((row) =>
      row
        ? [...(row.avatar_key ? [row.avatar_key] : []), ...storedVariants.keys(row.avatar_variants)]
        : [],
    );
}
