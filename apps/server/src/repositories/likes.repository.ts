import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notBlockedWith } from './blocks.repository';
import type { ListedPersonRow, PeoplePageOptions } from './people-lists.repository';
import { personColumns } from './people-lists.repository';

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

/** Deletes the like if present; the removed row's id, undefined when there was none. */
export async function deleteLike(
  db: Kysely<DB>,
  postId: string,
  userId: string,
): Promise<string | undefined> {
  const rows = await db
    .deleteFrom('likes')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows[0]?.id;
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

/**
 * One page of the people who liked a post, newest like first (served by `likes_by_post`), keyset
 * by (like time, person). Suspended accounts are left out, and with a viewer, the people they
 * blocked or who blocked them.
 */
export function listLikers(
  db: Kysely<DB>,
  postId: string,
  options: PeoplePageOptions,
): Promise<ListedPersonRow[]> {
  let query = db
    .selectFrom('likes')
    .innerJoin('profiles', 'profiles.id', 'likes.user_id')
    .select([...personColumns, 'likes.created_at as listed_at'])
    .where('likes.post_id', '=', postId)
    .where('profiles.suspended_at', 'is', null)
    .orderBy('likes.created_at', 'desc')
    .orderBy('likes.user_id', 'desc')
    .limit(options.limit);
  if (options.viewerId) query = query.where(notBlockedWith(options.viewerId, 'likes.user_id'));
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('likes.created_at', 'likes.user_id'),
        '<',
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  return query.execute();
}
