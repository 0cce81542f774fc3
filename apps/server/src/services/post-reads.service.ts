import type { Comment, Post, PostListQuery } from '@pinhole/contracts';
import { limits } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { listCommentPreviews } from '../repositories/comments.repository';
import { likedPostIds } from '../repositories/likes.repository';
import type { PostRow } from '../repositories/posts.repository';
import { findPostById, listPosts } from '../repositories/posts.repository';
import { cacheTags } from './caching/cache-tags';
import { setBounded } from '../bounded-map';
import { EncodedBody } from './caching/encoded-body';
import type { Tagged } from './caching/tagged-cache';
import { mediaUrls } from './media-urls';
import { decodeCursor, encodeCursor } from './post-cursor';
import { openPostJson, pageJson, toComment, toPost } from './post-json';
import type { SharedPostPage } from './read-caches';
import { canSeeContentOf } from './visibility';

/** A list of posts: one person's (`userId`), a viewer's Following feed, or everyone's. */
export type PostListRequest = PostListQuery & { userId?: string; followedBy?: string };

/** What a list is built from besides its posts and their authors. */
function listTags(query: PostListRequest): string[] {
  if (query.userId !== undefined) return [cacheTags.postsOf(query.userId)];
  if (query.followedBy !== undefined) {
    return [cacheTags.followingFeed, cacheTags.followsOf(query.followedBy)];
  }
  return [cacheTags.everyoneFeed];
}

/** Distinct like patterns kept per cached page; most readers like none of a page's posts. */
const maxLikedBodiesPerPage = 16;

/** Reading posts: pages of the feed and of a profile, and one post. */
export class PostReadsService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * A page of posts as a JSON body (a `PostPage`), shared by every reader from the page cache
   * until one of its posts, their authors or the list changes; a signed-in viewer adds their
   * likes from their own cache. Readers who like the same posts of a page share one body, so
   * each is serialized and compressed once. The caller has synced the caches for this request.
   */
  async page(query: PostListRequest, viewerId: string | null): Promise<EncodedBody> {
    const limit = query.limit ?? limits.feedDefaultLimit;
    const key = JSON.stringify([
      query.userId ?? null,
      query.followedBy ?? null,
      limit,
      query.cursor ?? null,
      query.offset ?? 0,
      // These lists may hold a private account's signed URLs: a page lives one signing window.
      query.userId === undefined && query.followedBy === undefined
        ? null
        : this.infra.signer.window(),
    ]);
    const cache =
      query.followedBy === undefined ? this.infra.caches.pages : this.infra.caches.followingPages;
    const page = await cache.get(key, () => this.#loadPage(query, limit));
    if (viewerId === null || page.posts.length === 0) return page.unlikedBody;
    const liked = await this.likedAmong(
      viewerId,
      page.posts.map((post) => post.id),
    );
    const mask = page.posts.map((post) => (liked.get(post.id) === true ? '1' : '0')).join('');
    if (!mask.includes('1')) return page.unlikedBody;
    let body = page.likedBodies.get(mask);
    if (!body) {
      const json = pageJson(page.posts, page.nextCursor, (postId) => liked.get(postId) === true);
      body = new EncodedBody(Buffer.from(json));
      setBounded(page.likedBodies, mask, body, maxLikedBodiesPerPage);
    }
    return body;
  }

  /**
   * One post; `db` may be a transaction, to read a post back before its creation commits. A
   * private account's post is 404 to anyone but its author and their approved followers.
   */
  async get(postId: string, viewerId: string | null, db: Kysely<DB> = this.db): Promise<Post> {
    const row = await findPostById(db, postId);
    if (!row) throw notFound();
    const author = { id: row.user_id, is_private: row.author_is_private };
    if (!(await canSeeContentOf(db, viewerId, author))) throw notFound();
    const [post] = await this.#hydrate([row], viewerId, db);
    if (!post) throw notFound();
    return post;
  }

  /**
   * Which of these posts the viewer likes, from the viewer's cached like states; only posts not
   * known yet are asked for, in one query. Forgotten when the viewer likes or unlikes anything.
   */
  async likedAmong(viewerId: string, postIds: readonly string[]): Promise<Map<string, boolean>> {
    const { likes } = this.infra.caches;
    const kept = likes.peek(viewerId);
    if (kept && postIds.every((id) => kept.has(id))) return kept;
    return likes.update(viewerId, async (current) => {
      const missing = postIds.filter((id) => !current?.has(id));
      const liked = await likedPostIds(this.db, viewerId, missing);
      const known = new Map(current);
      for (const id of missing) known.set(id, liked.has(id));
      return { value: known, tags: [cacheTags.likesOf(viewerId)] };
    });
  }

  async #loadPage(query: PostListRequest, limit: number): Promise<Tagged<SharedPostPage>> {
    const after = query.cursor !== undefined ? decodeCursor(query.cursor) : undefined;
    // One extra row tells whether another page exists without a COUNT query.
    const rows = await listPosts(this.db, {
      limit: limit + 1,
      offset: after ? undefined : query.offset,
      after,
      userId: query.userId,
      followedBy: query.followedBy,
      // Private accounts' posts are only in their own grid (checked by the caller) and in the
      // Following feeds of their approved followers.
      publicOnly: query.userId === undefined && query.followedBy === undefined,
    });
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    const nextCursor =
      rows.length > limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null;
    const hydrated = await this.#hydrate(pageRows, null);
    const posts = hydrated.map((post) => ({ id: post.id, openJson: openPostJson(post) }));
    const tags = new Set<string>(listTags(query));
    for (const post of hydrated) {
      tags.add(cacheTags.post(post.id));
      tags.add(cacheTags.profile(post.user_id));
      for (const comment of post.comments_preview) tags.add(cacheTags.profile(comment.user_id));
    }
    return {
      value: {
        posts,
        nextCursor,
        unlikedBody: new EncodedBody(Buffer.from(pageJson(posts, nextCursor, () => false))),
        likedBodies: new Map(),
      },
      tags: [...tags],
    };
  }

  /**
   * Turns post rows into API posts with a fixed number of queries, whatever the page size: one
   * for the viewer's likes among them and one for all their comment previews.
   */
  async #hydrate(rows: PostRow[], viewerId: string | null, db = this.db): Promise<Post[]> {
    const ids = rows.map((row) => row.id);
    const [liked, previews] = await Promise.all([
      viewerId ? likedPostIds(db, viewerId, ids) : Promise.resolve(new Set<string>()),
      listCommentPreviews(db, ids, limits.commentsPreviewCount),
    ]);
    const { storage } = this.infra;
    const urls = mediaUrls(storage, this.infra.signer);
    const previewsByPost = new Map<string, Comment[]>();
    for (const row of previews) {
      const list = previewsByPost.get(row.post_id) ?? [];
      list.push(toComment(row, storage));
      previewsByPost.set(row.post_id, list);
    }
    return rows.map((row) =>
      toPost(row, urls, liked.has(row.id), previewsByPost.get(row.id) ?? []),
    );
  }
}
