import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Inserts the like unless it exists; true when a row was added. */
export async function insertLike(
  db: Kysely<DB>,
  like: { id: string; post_id: string; user_id: string; created_at: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('likes')
    .values(like)
    .onConflict((conflict) => conflict.columns(['post_id', 'user_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Deletes the like if present; true when a row was removed. */
export async function deleteLike(db: Kysely<DB>, postId: string, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('likes')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Which of these posts the user has liked: one query for a whole page. */
export async function likedPostIds(
  db: Kysely<DB>,
  userId: string,
  postIds: readonly string[],
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('likes')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', postIds)
    .execute();
  return new Set(rows.map((row) => row.post_id));
}

export async function countLikes(db: Kysely<DB>, postId: string): Promise<number> {
  const row = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
