import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';

/** Adds the block unless it exists; true when a row was added. */
export async function insertBlock(
  db: Kysely<DB>,
  block: { blocker_id: string; blocked_id: string; created_at: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('blocks')
    .values(block)
    .onConflict((conflict) => conflict.columns(['blocker_id', 'blocked_id']).doNothing())
    .returning('blocker_id')
    .execute();
  return rows.length > 0;
}

/** Removes the block if present; true when a row was removed. */
export async function deleteBlock(
  db: Kysely<DB>,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const rows = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .returning('blocker_id')
    .execute();
  return rows.length > 0;
}

/** Whether either of the two blocked the other (two probes of the pair's indexes). */
export async function isBlockedEitherWay(db: Kysely<DB>, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Which way blocks stand between a viewer and someone else: the viewer's profile page of a person
 * they blocked shows "You blocked …" (with Unblock), while a person blocked still finds nothing.
 * One read of the pair's two keys, as `isBlockedEitherWay`.
 */
export async function blocksBetween(
  db: Kysely<DB>,
  viewerId: string,
  otherId: string,
): Promise<{ byViewer: boolean; byOther: boolean }> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', '=', otherId)]),
        eb.and([eb('blocker_id', '=', otherId), eb('blocked_id', '=', viewerId)]),
      ]),
    )
    .execute();
  return {
    byViewer: rows.some((row) => row.blocker_id === viewerId),
    byOther: rows.some((row) => row.blocker_id === otherId),
  };
}

/** Everyone the person blocked or was blocked by: whom they must not see, nor be seen by. */
export async function listBlockedEitherWay(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', userId)
    .union(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', userId))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A condition for any query with `person` in scope (a column such as `posts.user_id`): true unless
 * the viewer and that person blocked each other either way. Two probes of the pair's key per row,
 * inside the same statement: no query per row.
 */
export function notBlockedWith(viewerId: string, person: string): RawBuilder<SqlBool> {
  const other = sql.ref(person);
  return sql<SqlBool>`(not exists (select 1 from blocks where blocks.blocker_id = ${viewerId} and blocks.blocked_id = ${other})
    and not exists (select 1 from blocks where blocks.blocker_id = ${other} and blocks.blocked_id = ${viewerId}))`;
}

/** Removes every notification either of the two had from the other (a block forgets them). */
export async function deleteNotificationsBetween(
  db: Kysely<DB>,
  a: string,
  b: string,
): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('actor_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('actor_id', '=', a)]),
      ]),
    )
    .execute();
}

/**
 * How many likes and comments these people left on these posts, by post: what a viewer who hides
 * them (blocks either way) must not count. Two grouped reads of the (post, person) keys; only
 * for viewers with someone hidden, and a page's posts at most.
 */
export async function countActivityOf(
  db: Kysely<DB>,
  postIds: readonly string[],
  userIds: readonly string[],
): Promise<Map<string, { likes: number; comments: number }>> {
  const counts = new Map<string, { likes: number; comments: number }>();
  if (postIds.length === 0 || userIds.length === 0) return counts;
  const [likes, comments] = await Promise.all([
    db
      .selectFrom('likes')
      .select(['post_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('post_id', 'in', postIds)
      .where('user_id', 'in', userIds)
      .groupBy('post_id')
      .execute(),
    db
      .selectFrom('comments')
      .select(['post_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('post_id', 'in', postIds)
      .where('user_id', 'in', userIds)
      .groupBy('post_id')
      .execute(),
  ]);
  const entry = (postId: string) => {
    let found = counts.get(postId);
    if (!found) counts.set(postId, (found = { likes: 0, comments: 0 }));
    return found;
  };
  for (const row of likes) entry(row.post_id).likes = Number(row.count);
  for (const row of comments) entry(row.post_id).comments = Number(row.count);
  return counts;
}

/** Which of `others` blocked `userId` or were blocked by them. */
export async function blockedAmong(db: Kysely<DB>, userId: string, others: readonly string[]) {
  if (others.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', userId), eb('blocked_id', 'in', others)]),
        eb.and([eb('blocked_id', '=', userId), eb('blocker_id', 'in', others)]),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => (row.blocker_id === userId ? row.blocked_id : row.blocker_id)));
}
