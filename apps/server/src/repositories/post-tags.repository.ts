import { foldForSearch } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import { authorNotSilenced } from './domain-blocks.repository';
import type { DB } from '../db/schema';
import type { PostPosition, PostRow } from './posts.repository';
import { allMediaReady } from './media-attachments.repository';
import { postWithAuthorColumns } from './posts.repository';
import { notFollowersOnlyRemote } from './remote-posts.repository';

/** The hashtags a post carries and the people its caption mentions, as stored. */
export interface PostTags {
  hashtags: string[];
  mentionIds: string[];
}

/**
 * The ids of these usernames' people, the author left out (nobody tags themself). Usernames are
 * stored lowercase, as the parser gives them.
 */
export async function findMentionedIds(
  db: Kysely<DB>,
  usernames: readonly string[],
  authorId: string,
): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .selectFrom('profiles')
    .select('id')
    .where('username', 'in', usernames)
    .where('id', '<>', authorId)
    .execute();
  return rows.map((row) => row.id);
}

export async function findPostTags(db: Kysely<DB>, postId: string): Promise<PostTags> {
  // One after the other: `db` may be a transaction, which runs one statement at a time.
  const hashtags = await db
    .selectFrom('post_hashtags')
    .select('hashtag')
    .where('post_id', '=', postId)
    .execute();
  const mentions = await db
    .selectFrom('post_mentions')
    .select('profile_id')
    .where('post_id', '=', postId)
    .execute();
  return {
    hashtags: hashtags.map((row) => row.hashtag),
    mentionIds: mentions.map((row) => row.profile_id),
  };
}

export async function findPostCreatedAt(db: Kysely<DB>, postId: string) {
  const row = await db
    .selectFrom('posts')
    .select('created_at')
    .where('id', '=', postId)
    .executeTakeFirst();
  return row?.created_at;
}

/**
 * Adds and removes a post's hashtags and mentions, in the caller's transaction; `createdAt` is the
 * post's (the lists' order). Names go in sorted, so two writers touching the same hashtags' counts
 * (migration 0008's triggers) lock them in one order.
 */
export async function changePostTags(
  db: Kysely<DB>,
  post: { id: string; createdAt: string },
  added: PostTags,
  removed: PostTags,
): Promise<void> {
  const sorted = (values: string[]) => [...values].sort();
  if (removed.hashtags.length > 0) {
    await db
      .deleteFrom('post_hashtags')
      .where('post_id', '=', post.id)
      .where('hashtag', 'in', sorted(removed.hashtags))
      .execute();
  }
  if (removed.mentionIds.length > 0) {
    await db
      .deleteFrom('post_mentions')
      .where('post_id', '=', post.id)
      .where('profile_id', 'in', removed.mentionIds)
      .execute();
  }
  if (added.hashtags.length > 0) {
    await db
      .insertInto('post_hashtags')
      .values(
        sorted(added.hashtags).map((hashtag) => ({
          post_id: post.id,
          hashtag,
          created_at: post.createdAt,
        })),
      )
      .execute();
    await foldHashtagNames(db, added.hashtags);
  }
  if (added.mentionIds.length > 0) {
    await db
      .insertInto('post_mentions')
      .values(
        added.mentionIds.map((profileId) => ({
          post_id: post.id,
          profile_id: profileId,
          created_at: post.createdAt,
        })),
      )
      .execute();
  }
}

/**
 * Gives these hashtags their folded name where it differs from the name (migration 0011): the
 * counting trigger that made a new hashtag's row cannot fold. Plain names cost nothing.
 */
export async function foldHashtagNames(db: Kysely<DB>, names: readonly string[]): Promise<void> {
  for (const name of [...names].sort()) {
    const folded = foldForSearch(name);
    if (folded === name) continue;
    await db
      .updateTable('hashtags')
      .set({ folded })
      .where('name', '=', name)
      .where('folded', 'is', null)
      .execute();
  }
}

/** Removes every tag of a post before the post goes: in name order, as changePostTags does. */
export async function deleteTagsOfPost(db: Kysely<DB>, postId: string): Promise<void> {
  const { hashtags } = await findPostTags(db, postId);
  await changePostTags(
    db,
    { id: postId, createdAt: '' },
    { hashtags: [], mentionIds: [] },
    { hashtags, mentionIds: [] },
  );
}

export function findHashtag(db: Kysely<DB>, name: string) {
  return db
    .selectFrom('hashtags')
    .select(['name', 'posts_count'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export interface LinkedPostsOptions {
  limit: number;
  /** Keyset: posts strictly older than this (the post's created_at, its id). */
  after?: PostPosition;
}

/**
 * A hashtag's public posts, newest first: walks post_hashtags_newest from the cursor, each post
 * and author by key. Private accounts' posts are in no hashtag list (only approved followers see them).
 */
export async function listHashtagPosts(
  db: Kysely<DB>,
  hashtag: string,
  options: LinkedPostsOptions,
): Promise<PostRow[]> {
  let query = db
    .selectFrom('post_hashtags')
    .innerJoin('posts', 'posts.id', 'post_hashtags.post_id')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .select(postWithAuthorColumns)
    .where('post_hashtags.hashtag', '=', hashtag)
    .where('profiles.is_private', '=', 0)
    .where(notFollowersOnlyRemote())
    .where(allMediaReady())
    .where('profiles.suspended_at', 'is', null)
    .where(authorNotSilenced)
    .orderBy('post_hashtags.created_at', 'desc')
    .orderBy('post_hashtags.post_id', 'desc')
    .limit(options.limit);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('post_hashtags.created_at', 'post_hashtags.post_id'),
        '<',
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  return query.execute();
}

/**
 * The public posts whose caption mentions a person (their TAGGED tab), newest first: walks
 * post_mentions_newest from the cursor. Mentions of oneself are never stored.
 */
export async function listMentioningPosts(
  db: Kysely<DB>,
  profileId: string,
  options: LinkedPostsOptions,
): Promise<PostRow[]> {
  let query = db
    .selectFrom('post_mentions')
    .innerJoin('posts', 'posts.id', 'post_mentions.post_id')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .select(postWithAuthorColumns)
    .where('post_mentions.profile_id', '=', profileId)
    .where('profiles.is_private', '=', 0)
    .where(notFollowersOnlyRemote())
    .where(allMediaReady())
    .where('profiles.suspended_at', 'is', null)
    .orderBy('post_mentions.created_at', 'desc')
    .orderBy('post_mentions.post_id', 'desc')
    .limit(options.limit);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('post_mentions.created_at', 'post_mentions.post_id'),
        '<',
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  return query.execute();
}

/** What explore ranks a post by. */
export interface ExploreCandidate {
  id: string;
  likes_count: number;
  comments_count: number;
  created_at: string;
}

/** The newest public posts with their counters, walked along posts_feed: what explore ranks. */
export async function listExploreCandidates(
  db: Kysely<DB>,
  limit: number,
): Promise<ExploreCandidate[]> {
  const rows = await db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .select(['posts.id', 'posts.likes_count', 'posts.comments_count', 'posts.created_at'])
    .where('profiles.is_private', '=', 0)
    .where(notFollowersOnlyRemote())
    .where(allMediaReady())
    .where('profiles.suspended_at', 'is', null)
    .where(authorNotSilenced)
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
  }));
}

/** These public posts, in no particular order (the caller orders them). */
export async function findPublicPostsByIds(
  db: Kysely<DB>,
  ids: readonly string[],
): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .select(postWithAuthorColumns)
    .where('posts.id', 'in', ids)
    .where('profiles.is_private', '=', 0)
    .where(notFollowersOnlyRemote())
    .where(allMediaReady())
    .where('profiles.suspended_at', 'is', null)
    .execute();
  return rows;
}
