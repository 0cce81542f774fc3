import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Saves the post unless it is saved already; true when a row was added. */
export async function insertSave(
  db: Kysely<DB>,
  save: { user_id: string; post_id: string; created_at: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('saves')
    .values(save)
    .onConflict((conflict) => conflict.columns(['user_id', 'post_id']).doNothing())
    .returning('post_id')
    .execute();
  return rows.length > 0;
}

export async function deleteSave(db: Kysely<DB>, userId: string, postId: string): Promise<void> {
  await db
    .deleteFrom('saves')
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .execute();
}

/** Which of these posts the user has saved: one query for a whole page (the key answers it). */
export async function savedPostIds(
  db: Kysely<DB>,
  userId: string,
  postIds: readonly string[],
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('saves')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', postIds)
    .execute();
  return new Set(rows.map((row) => row.post_id));
}
