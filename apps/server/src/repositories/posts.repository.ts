import type { Insertable, Kysely } from 'kysely';
import type { DB, PostsTable } from '../db/schema';
import { allMediaReady } from './media-attachments.repository';
import { notFollowersOnlyRemote } from './remote-posts.repository';

export interface PostPosition {
  createdAt: string;
  id: string;
}

export interface PostListOptions {
  limit: number;
  offset?: number;
  /** Keyset: posts strictly older than this position. */
  after?: PostPosition;
  /** One person's posts (their profile grid). */
  userId?: string;
  /** The Following feed of this person: posts of the people they follow and their own. */
  followedBy?: string;
  /** Leaves out the posts of private accounts (the everyone feed). */
  publicOnly?: boolean;
}

/** The columns of a `PostRow`: the post and what its author shows (also read by other lists). */
export const postWithAuthorColumns = [
  'posts.id',
  'posts.user_id',
  'posts.caption',
  'posts.likes_count',
  'posts.comments_count',
  'posts.created_at',
  'posts.edited_at',
  'profiles.username as author_username',
  'profiles.avatar_key as author_avatar_key',
  'profiles.is_verified as author_is_verified',
  'profiles.is_private as author_is_private',
  'profiles.suspended_at as author_suspended_at',
] as const;

function selectPostsWithAuthor(db: Kysely<DB>) {
  return db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .select(postWithAuthorColumns);
}

type SelectedPost = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectPostsWithAuthor>['executeTakeFirst']>>
>;

/** A post with its author; its media are read apart (`listMediaOfPosts`), a page at a time. */
export type PostRow = SelectedPost;

export async function findPostById(db: Kysely<DB>, id: string): Promise<PostRow | undefined> {
  const row = await selectPostsWithAuthor(db).where('posts.id', '=', id).executeTakeFirst();
  return row;
}

/** Newest first, `created_at` then `id` descending, served by the posts_feed / posts_by_user indexes. */
export async function listPosts(db: Kysely<DB>, options: PostListOptions): Promise<PostRow[]> {
  // A suspended account's posts are in no list: while suspended it looks deleted.
  let query = selectPostsWithAuthor(db)
    .where('profiles.suspended_at', 'is', null)
    .where(allMediaReady())
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(options.limit);
  if (options.userId !== undefined) query = query.where('posts.user_id', '=', options.userId);
  const followerId = options.followedBy;
  if (followerId !== undefined) {
    // Walks posts_feed from the cursor and keeps the posts whose author the follower follows
    // (one probe of follows' key per post walked): a page costs the posts walked to fill it, the
    // same at page 50 as at page 1, never a sort of every followed post. Written as a correlated
    // EXISTS because SQLite turns `user_id IN (…)` into one posts_by_user search per followed
    // person and a sort of all their posts.
    query = query.where((eb) =>
      eb.or([
        eb('posts.user_id', '=', followerId),
        eb.exists(
          eb
            .selectFrom('follows')
            .select('follows.followee_id')
            .where('follows.follower_id', '=', followerId)
            .whereRef('follows.followee_id', '=', 'posts.user_id'),
        ),
      ]),
    );
  }
  if (options.publicOnly) query = query.where('profiles.is_private', '=', 0);
  // A remote post for followers only is in their Following feeds alone.
  if (options.followedBy === undefined) query = query.where(notFollowersOnlyRemote());
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('posts.created_at', 'posts.id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  if (options.offset) query = query.offset(options.offset);
  return query.execute();
}

/**
 * One person's saved posts, newest saved first, that they may still see: public accounts',
 * their own, and those of private accounts they follow (the saves_newest index, then each post
 * and author by key).
 */
export async function listSavedPosts(
  db: Kysely<DB>,
  userId: string,
  options: { limit: number; after?: PostPosition },
): Promise<(PostRow & { saved_at: string })[]> {
  // A suspended account's posts are in no list: while suspended it looks deleted.
  let query = selectPostsWithAuthor(db)
    .where('profiles.suspended_at', 'is', null)
    .where(allMediaReady())
    .innerJoin('saves', 'saves.post_id', 'posts.id')
    .select('saves.created_at as saved_at')
    .where('saves.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('profiles.is_private', '=', 0),
        eb('posts.user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('follows')
            .select('follows.followee_id')
            .where('follows.follower_id', '=', userId)
            .whereRef('follows.followee_id', '=', 'posts.user_id'),
        ),
      ]),
    )
    .orderBy('saves.created_at', 'desc')
    .orderBy('saves.post_id', 'desc')
    .limit(options.limit);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('saves.created_at', 'saves.post_id'),
        '<',
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  const rows = await query.execute();
  return rows;
}

/** Who wrote a post and whether their account is private: for access checks. */
export function findPostAuthor(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .select(['profiles.id', 'profiles.is_private', 'profiles.suspended_at'])
    .where('posts.id', '=', id)
    .executeTakeFirst();
}

/**
 * Who wrote a post, with the two facts that decide whether `viewerId` may see it (blocked either
 * way, following): one query for the check every like, comment and save makes inside its
 * transaction, where separate probes held the transaction open for three round trips.
 */
export async function findPostAccess(db: Kysely<DB>, id: string, viewerId: string | null) {
  const viewer = viewerId ?? '';
  const row = await db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .select(['profiles.id', 'profiles.is_private', 'profiles.suspended_at'])
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('blocks')
            .select('blocks.blocker_id')
            .where((b) =>
              b.or([
                b.and([
                  b('blocks.blocker_id', '=', viewer),
                  b('blocks.blocked_id', '=', b.ref('profiles.id')),
                ]),
                b.and([
                  b('blocks.blocker_id', '=', b.ref('profiles.id')),
                  b('blocks.blocked_id', '=', viewer),
                ]),
              ]),
            ),
        )
        .as('blocked'),
      eb
        .exists(
          eb
            .selectFrom('follows')
            .select('follows.follower_id')
            .where('follows.follower_id', '=', viewer)
            .whereRef('follows.followee_id', '=', 'profiles.id'),
        )
        .as('following'),
    ])
    .where('posts.id', '=', id)
    .executeTakeFirst();
  // SQLite answers 0/1, PostgreSQL true/false.
  return row && { ...row, blocked: Boolean(row.blocked), following: Boolean(row.following) };
}

export type NewPost = Insertable<PostsTable>;

export async function insertPost(db: Kysely<DB>, post: NewPost): Promise<void> {
  await db.insertInto('posts').values(post).execute();
}

/** Adds to the like counter and returns the new value, in the caller's transaction. */
export async function addToLikesCount(db: Kysely<DB>, id: string, delta: number): Promise<number> {
  const row = await db
    .updateTable('posts')
    .set((eb) => ({ likes_count: eb('likes_count', '+', delta) }))
    .where('id', '=', id)
    .returning('likes_count')
    .executeTakeFirstOrThrow();
  return row.likes_count;
}

export async function addToCommentsCount(db: Kysely<DB>, id: string, delta: number): Promise<void> {
  await db
    .updateTable('posts')
    .set((eb) => ({ comments_count: eb('comments_count', '+', delta) }))
    .where('id', '=', id)
    .execute();
}

/** A post's caption, and when it was edited; in the caller's transaction. */
export async function updatePostCaption(
  db: Kysely<DB>,
  id: string,
  caption: string | null,
  editedAt: string,
): Promise<void> {
  await db
    .updateTable('posts')
    .set({ caption, edited_at: editedAt })
    .where('id', '=', id)
    .execute();
}

/** Marks a post edited (its photos changed) without touching its caption. */
export async function markPostEdited(db: Kysely<DB>, id: string, editedAt: string): Promise<void> {
  await db.updateTable('posts').set({ edited_at: editedAt }).where('id', '=', id).execute();
}

/**
 * Takes the post's row lock for the rest of the transaction (PostgreSQL; SQLite has one writer
 * anyway) with a write that changes nothing: SQLite has no `FOR UPDATE`. False when the post is
 * gone. Edits and deletes take it first, so they take turns in one order and never deadlock.
 */
export async function lockPost(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set((eb) => ({ edited_at: eb.ref('edited_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes a post; its photos, likes, comments and saves go with it (foreign keys cascade, and
 * their triggers tell every cache). True when a row was removed.
 */
export async function deletePost(db: Kysely<DB>, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('posts').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}
