import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { CommentsTable, DB } from '../db/schema';
import { notBlockedWith } from './blocks.repository';

const commentColumns = [
  'comments.id',
  'comments.post_id',
  'comments.user_id',
  'comments.content',
  'comments.created_at',
  'profiles.username as author_username',
  'profiles.avatar_key as author_avatar_key',
] as const;

export type CommentRow = Awaited<ReturnType<typeof listComments>>[number];

export async function insertComment(db: Kysely<DB>, comment: CommentsTable): Promise<void> {
  await db.insertInto('comments').values(comment).execute();
}

export function findCommentById(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('comments')
    .innerJoin('profiles', 'profiles.id', 'comments.user_id')
    .select(commentColumns)
    .where('comments.id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * All comments of a post, oldest first; without those of suspended accounts (they look deleted
 * while suspended) or of people the viewer blocked either way.
 */
export function listComments(db: Kysely<DB>, postId: string, viewerId: string | null = null) {
  let query = db
    .selectFrom('comments')
    .innerJoin('profiles', 'profiles.id', 'comments.user_id')
    .select(commentColumns)
    .where('comments.post_id', '=', postId)
    .where('profiles.suspended_at', 'is', null);
  if (viewerId !== null) query = query.where(notBlockedWith(viewerId, 'comments.user_id'));
  return query.orderBy('comments.created_at', 'asc').orderBy('comments.id', 'asc').execute();
}

/**
 * The first `perPost` comments of each post, in one query (a window function on both dialects).
 * Comments are ranked and cut first, then each survivor's author is looked up by primary key:
 * with a join, PostgreSQL misjudged the survivors (it cannot see the cut) and hashed the whole
 * profiles table for every page, 6 ms at 10k people instead of well under one.
 */
export async function listCommentPreviews(
  db: Kysely<DB>,
  postIds: readonly string[],
  perPost: number,
): Promise<CommentRow[]> {
  if (postIds.length === 0) return [];
  const ranked = db
    .selectFrom('comments')
    .select(['id', 'post_id', 'user_id', 'content', 'created_at'])
    .select(
      sql<number>`row_number() over (partition by post_id order by created_at, id)`.as('position'),
    )
    .where('post_id', 'in', postIds)
    // A suspended account's comments are in no preview: one probe of profiles' key per comment.
    // A scalar subquery, not `not exists`: PostgreSQL made that an anti-join over all of profiles.
    .where((eb) =>
      eb(
        eb
          .selectFrom('profiles')
          .select('profiles.suspended_at')
          .whereRef('profiles.id', '=', 'comments.user_id'),
        'is',
        null,
      ),
    )
    .as('ranked');
  const rows = await db
    .selectFrom(ranked)
    .select([
      'ranked.id',
      'ranked.post_id',
      'ranked.user_id',
      'ranked.content',
      'ranked.created_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('profiles')
        .select('username')
        .whereRef('profiles.id', '=', 'ranked.user_id')
        .as('author_username'),
      eb
        .selectFrom('profiles')
        .select('avatar_key')
        .whereRef('profiles.id', '=', 'ranked.user_id')
        .as('author_avatar_key'),
    ])
    .where('ranked.position', '<=', perPost)
    .orderBy('ranked.created_at', 'asc')
    .orderBy('ranked.id', 'asc')
    .execute();
  // Every comment has an author (foreign key), so the subqueries always find one.
  return rows.map((row) => ({ ...row, author_username: row.author_username ?? '' }));
}

/** Who may delete a comment: its author and the author of its post. */
export function findCommentOwners(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select(['comments.post_id', 'comments.user_id', 'posts.user_id as post_author_id'])
    .where('comments.id', '=', id)
    .executeTakeFirst();
}

/** Deletes a comment; true when a row was removed (false: it was already gone). */
export async function deleteComment(db: Kysely<DB>, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('comments').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

/** Replaces a comment's text (its author edited it on their own server); true when it is there. */
export async function updateCommentContent(
  db: Kysely<DB>,
  id: string,
  content: string,
): Promise<boolean> {
  const rows = await db
    .updateTable('comments')
    .set({ content })
    .where('id', '=', id)
    .returning('id')
    .execute();
  return rows.length > 0;
}
