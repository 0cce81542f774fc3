import type { Comment, LikeResult, Post, PostListQuery } from '@pinhole/contracts';
import { limits } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { newId, nowIso } from '../ids';
import type { CommentRow } from '../repositories/comments.repository';
import {
  findCommentById,
  insertComment,
  listCommentPreviews,
  listComments,
} from '../repositories/comments.repository';
import { deleteLike, insertLike, likedPostIds } from '../repositories/likes.repository';
import type { PostRow } from '../repositories/posts.repository';
import {
  addToCommentsCount,
  addToLikesCount,
  findPostById,
  getLikesCount,
  listPosts,
  postExists,
} from '../repositories/posts.repository';
import type { Storage } from '../storage/storage';
import { decodeCursor, encodeCursor } from './post-cursor';
import type { ReadCaches, SharedPostPage } from './read-caches';

export interface StoredVariant {
  key: string;
  width: number;
  height: number;
}

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    post_id: row.post_id,
    user_id: row.user_id,
    content: row.content,
    created_at: row.created_at,
    author: { id: row.user_id, username: row.author_username, avatar_url: row.author_avatar_url },
  };
}

function toPost(
  row: PostRow,
  storage: Storage,
  likedByMe: boolean,
  commentsPreview: Comment[],
): Post {
  const variants = JSON.parse(row.image_variants) as StoredVariant[];
  return {
    id: row.id,
    user_id: row.user_id,
    image_url: storage.publicUrl(row.image_key),
    image: {
      width: row.image_width,
      height: row.image_height,
      placeholder: row.image_placeholder,
      variants: variants.map((variant) => ({
        url: storage.publicUrl(variant.key),
        width: variant.width,
        height: variant.height,
      })),
    },
    caption: row.caption,
    created_at: row.created_at,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    liked_by_me: likedByMe,
    author: {
      id: row.user_id,
      username: row.author_username,
      avatar_url: row.author_avatar_url,
      is_verified: Boolean(row.author_is_verified),
    },
    comments_preview: commentsPreview,
  };
}

/**
 * Turns a page of post rows into API posts with a fixed number of queries, whatever the page
 * size: one for the viewer's likes among them and one for all their comment previews.
 */
async function hydratePosts(
  db: Kysely<DB>,
  storage: Storage,
  rows: PostRow[],
  viewerId: string | null,
): Promise<Post[]> {
  const ids = rows.map((row) => row.id);
  const [liked, previews] = await Promise.all([
    viewerId ? likedPostIds(db, viewerId, ids) : Promise.resolve(new Set<string>()),
    listCommentPreviews(db, ids, limits.commentsPreviewCount),
  ]);
  const previewsByPost = new Map<string, Comment[]>();
  for (const row of previews) {
    const list = previewsByPost.get(row.post_id) ?? [];
    list.push(toComment(row));
    previewsByPost.set(row.post_id, list);
  }
  return rows.map((row) =>
    toPost(row, storage, liked.has(row.id), previewsByPost.get(row.id) ?? []),
  );
}

/** The cache key of a page: the same query gives the same page until the data changes. */
function pageKey(query: PostListQuery & { userId?: string }, limit: number): string {
  return JSON.stringify([query.userId ?? null, limit, query.cursor ?? null, query.offset ?? 0]);
}

async function loadSharedPage(
  db: Kysely<DB>,
  storage: Storage,
  query: PostListQuery & { userId?: string },
  limit: number,
): Promise<SharedPostPage> {
  const after = query.cursor !== undefined ? decodeCursor(query.cursor) : undefined;
  // One extra row tells whether another page exists without a COUNT query.
  const rows = await listPosts(db, {
    limit: limit + 1,
    offset: after ? undefined : query.offset,
    after,
    userId: query.userId,
  });
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
  const posts = (await hydratePosts(db, storage, pageRows, null)).map(
    ({ liked_by_me: _signedOut, ...post }) => ({
      id: post.id,
      openJson: JSON.stringify(post).slice(0, -1),
    }),
  );
  return {
    posts,
    nextCursor,
    signedOutBody: Buffer.from(pageJson(posts, nextCursor, () => false)),
  };
}

/** Joins cached post JSON into a page body, adding each post's `liked_by_me` last. */
function pageJson(
  posts: SharedPostPage['posts'],
  nextCursor: string | null,
  likedByMe: (postId: string) => boolean,
): string {
  const items = posts.map((post) => `${post.openJson},"liked_by_me":${likedByMe(post.id)}}`);
  return `{"posts":[${items.join(',')}],"next_cursor":${JSON.stringify(nextCursor)}}`;
}

/**
 * A page of posts as a JSON body (a `PostPage`), from the caches while the content `version`
 * (read by the caller before anything else) stays the same; a signed-in viewer adds their likes.
 */
export async function listPostPageJson(
  db: Kysely<DB>,
  storage: Storage,
  caches: ReadCaches,
  version: string,
  query: PostListQuery & { userId?: string },
  viewerId: string | null,
): Promise<string | Buffer> {
  const limit = query.limit ?? limits.feedDefaultLimit;
  const key = pageKey(query, limit);
  const page = await caches.pages.get(version, key, () =>
    loadSharedPage(db, storage, query, limit),
  );
  if (viewerId === null || page.posts.length === 0) return page.signedOutBody;
  const liked = await caches.viewerLikes.get(version, `${viewerId} ${key}`, () =>
    likedPostIds(
      db,
      viewerId,
      page.posts.map((post) => post.id),
    ),
  );
  return pageJson(page.posts, page.nextCursor, (postId) => liked.has(postId));
}

export async function getPost(
  db: Kysely<DB>,
  storage: Storage,
  postId: string,
  viewerId: string | null,
): Promise<Post> {
  const row = await findPostById(db, postId);
  if (!row) throw notFound();
  const [post] = await hydratePosts(db, storage, [row], viewerId);
  if (!post) throw notFound();
  return post;
}

/**
 * Sets or clears the viewer's like. Idempotent; the counter moves only when a row was really
 * added or removed, in the same transaction, so it always equals the number of like rows.
 */
export async function setLike(
  db: Kysely<DB>,
  postId: string,
  userId: string,
  liked: boolean,
): Promise<LikeResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await postExists(trx, postId))) throw notFound();
    const changed = liked
      ? await insertLike(trx, {
          id: newId(),
          post_id: postId,
          user_id: userId,
          created_at: nowIso(),
        })
      : await deleteLike(trx, postId, userId);
    const likesCount = changed
      ? await addToLikesCount(trx, postId, liked ? 1 : -1)
      : await getLikesCount(trx, postId);
    if (likesCount === undefined) throw notFound();
    return { liked, likes_count: likesCount };
  });
}

export async function listPostComments(db: Kysely<DB>, postId: string): Promise<Comment[]> {
  if (!(await postExists(db, postId))) throw notFound();
  return (await listComments(db, postId)).map(toComment);
}

export async function addComment(
  db: Kysely<DB>,
  postId: string,
  userId: string,
  content: string,
): Promise<Comment> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    if (!(await postExists(trx, postId))) throw notFound();
    await insertComment(trx, {
      id,
      post_id: postId,
      user_id: userId,
      content,
      created_at: nowIso(),
    });
    await addToCommentsCount(trx, postId, 1);
  });
  return toComment(await findCommentById(db, id));
}
