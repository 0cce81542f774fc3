import type { Comment, Post, PostListQuery } from '@pinhole/contracts';
import { limits } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { listCommentPreviews } from '../repositories/comments.repository';
import { listMediaOfPosts } from '../repositories/media-attachments.repository';
import type { PostRow } from '../repositories/posts.repository';
import { findPostById, listPosts } from '../repositories/posts.repository';
import { cacheTags } from '../cache/cache-tags';
import { setBounded } from '../bounded-map';
import { EncodedBody } from '../cache/encoded-body';
import type { Tagged, TaggedCache } from '../cache/tagged-cache';
import { mediaUrls } from '../storage/media-urls';
import { findMentionedPeople } from '../views/mentioned-people';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';
import type { ViewerPostState } from '../views/post-json';
import { noViewerState, openPostJson, pageJson, toComment, toPost } from '../views/post-json';
import type { SharedPostPage } from '../cache/read-caches';
import { stateMask, viewerStatesAmong, viewerStatesFresh } from '../views/viewer-post-states';
import { canSeeContentOf, canSeeFollowersOnly } from '../policies/visibility';
import {
  hiddenPeopleOf,
  withoutHiddenComments,
  withoutHiddenCounts,
  withoutHiddenCountsShared,
  withoutHiddenPosts,
} from '../policies/hidden-people';
import { countActivityOf, listBlockedEitherWay } from '../repositories/blocks.repository';
import { remotePostsSeen } from '../views/remote-posts-seen';

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

/** Distinct like/save patterns kept per cached page; most readers mark none of a page's posts. */
const maxViewerBodiesPerPage = 16;

/** A page of a list, as its loader finds it: rows every reader may see, in the list's order. */
export interface LoadedPostPage {
  rows: PostRow[];
  nextCursor: string | null;
  /** What the list is built from besides its posts and their authors (see cacheTags). */
  listTags: string[];
  /** JSON members written before `posts` in every body (`"hashtag":{…},`). */
  head?: string;
}

/** Reading posts: pages of the feed and of a profile, and one post. */
export class PostReadsService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * A page of posts as a JSON body (a `PostPage`), shared by every reader from the page cache
   * until one of its posts, their authors or the list changes; a signed-in viewer adds their
   * likes and saves from their own caches. Readers who like and save the same posts of a page
   * share one body, so each is serialized and compressed once. The caller has synced the caches
   * for this request.
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
    const page = await cache.get(key, async () => this.#share(await this.#loadPage(query, limit)));
    return this.#bodyFor(page, viewerId);
  }

  /**
   * A page of another list of posts every reader sees alike (explore, a hashtag, someone's tagged
   * posts), kept in `cache` under `key` as the feed's pages are: until one of its posts, their
   * authors or what `load` says the list is built from changes. The caller has synced the caches.
   */
  async sharedPage(
    cache: TaggedCache<SharedPostPage>,
    key: string,
    load: () => Promise<LoadedPostPage>,
    viewerId: string | null,
  ): Promise<EncodedBody> {
    const page = await cache.get(key, async () => this.#share(await load()));
    return this.#bodyFor(page, viewerId);
  }

  /** The body of a shared page for one reader: with their likes and saves marked. */
  async #bodyFor(page: SharedPostPage, viewerId: string | null): Promise<EncodedBody> {
    if (viewerId === null || page.posts.length === 0) return page.plainBody;
    const hidden = await hiddenPeopleOf(this.db, this.infra.caches, viewerId);
    let posts = withoutHiddenPosts(page.posts, hidden);
    if (hidden.size > 0) {
      // Their likes and comments are hidden from the viewer: so are they in the counts. Read on
      // every request (only for viewers with someone hidden), so a like of theirs counts nowhere.
      const activity = await countActivityOf(
        this.db,
        posts.map((post) => post.id),
        [...hidden],
      );
      posts = withoutHiddenCountsShared(posts, activity);
    }
    if (posts !== page.posts) {
      // Someone the viewer blocked (either way) is on this page: a body for this reader alone.
      const stateOf = await this.statesAmong(
        viewerId,
        posts.map((post) => post.id),
      );
      return new EncodedBody(Buffer.from(pageJson(posts, page.nextCursor, stateOf, page.head)));
    }
    const postIds = page.posts.map((post) => post.id);
    const stateOf = await this.statesAmong(viewerId, postIds);
    const mask = stateMask(postIds, stateOf);
    if (/^0*$/.test(mask)) return page.plainBody;
    let body = page.viewerBodies.get(mask);
    if (!body) {
      body = new EncodedBody(
        Buffer.from(pageJson(page.posts, page.nextCursor, stateOf, page.head)),
      );
      setBounded(page.viewerBodies, mask, body, maxViewerBodiesPerPage);
    }
    return body;
  }

  /** The viewer's like and save of each of these posts, from the viewer's caches. */
  statesAmong(viewerId: string, postIds: readonly string[]) {
    return viewerStatesAmong(this.db, this.infra.caches, viewerId, postIds);
  }

  /**
   * Posts as one viewer sees them (their likes and saves), from rows they may see; without the
   * posts and previewed comments of people blocked either way.
   */
  async forViewer(rows: PostRow[], viewerId: string): Promise<Post[]> {
    const hidden = await hiddenPeopleOf(this.db, this.infra.caches, viewerId);
    const visible = rows.filter((row) => !hidden.has(row.user_id));
    const stateOf = await this.statesAmong(
      viewerId,
      visible.map((row) => row.id),
    );
    const posts = await this.#hydrate(visible, stateOf);
    const activity = await countActivityOf(
      this.db,
      hidden.size === 0 ? [] : posts.map((post) => post.id),
      [...hidden],
    );
    return posts.map((post) => withoutHiddenCounts(withoutHiddenComments(post, hidden), activity));
  }

  /**
   * One post; `db` may be a transaction, to read a post back before its creation commits. A
   * private account's post is 404 to anyone but its author and their approved followers.
   */
  async get(postId: string, viewerId: string | null, db: Kysely<DB> = this.db): Promise<Post> {
    const row = await findPostById(db, postId);
    if (!row) throw notFound();
    const author = {
      id: row.user_id,
      is_private: row.author_is_private,
      suspended_at: row.author_suspended_at,
    };
    if (!(await canSeeContentOf(db, viewerId, author))) throw notFound();
    if (!(await canSeeFollowersOnly(db, viewerId, row))) throw notFound();
    const stateOf = await viewerStatesFresh(db, viewerId, [row.id]);
    const [post] = await this.#hydrate([row], stateOf, db);
    if (!post) throw notFound();
    // A video still transcoding (or failed): the post is its author's only until all are ready.
    const ready = post.media.every((item) => item.status === 'ready');
    if (!ready && viewerId !== row.user_id) throw notFound();
    if (viewerId === null) return post;
    // Read fresh: `db` may be a transaction, and a write's caches are not synced.
    const hidden = await listBlockedEitherWay(db, viewerId);
    const activity = await countActivityOf(db, hidden.length === 0 ? [] : [post.id], hidden);
    return withoutHiddenCounts(withoutHiddenComments(post, new Set(hidden)), activity);
  }

  async #loadPage(query: PostListRequest, limit: number): Promise<LoadedPostPage> {
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
    return { rows: pageRows, nextCursor, listTags: listTags(query) };
  }

  /** A loaded page made shareable: each post's JSON once, tagged with all it shows. */
  async #share(loaded: LoadedPostPage): Promise<Tagged<SharedPostPage>> {
    const { nextCursor, head } = loaded;
    const hydrated = await this.#hydrate(loaded.rows, () => noViewerState);
    const posts = hydrated.map((post) => ({
      id: post.id,
      openJson: openPostJson(post),
      authorId: post.user_id,
      commenterIds: post.comments_preview.map((comment) => comment.user_id),
      mentionedIds: [
        ...post.mentions.map((person) => person.id),
        ...post.comments_preview.flatMap((comment) => comment.mentions.map((person) => person.id)),
      ],
    }));
    const tags = new Set<string>(loaded.listTags);
    for (const post of hydrated) {
      tags.add(cacheTags.post(post.id));
      tags.add(cacheTags.profile(post.user_id));
      // A mentioned person who changes their username changes the post's `mentions`.
      for (const person of post.mentions) tags.add(cacheTags.profile(person.id));
      for (const comment of post.comments_preview) {
        tags.add(cacheTags.profile(comment.user_id));
        for (const person of comment.mentions) tags.add(cacheTags.profile(person.id));
      }
    }
    const plainJson = pageJson(posts, nextCursor, () => noViewerState, head);
    return {
      value: {
        posts,
        nextCursor,
        head,
        plainBody: new EncodedBody(Buffer.from(plainJson)),
        viewerBodies: new Map(),
      },
      tags: [...tags],
    };
  }

  /**
   * Turns post rows into API posts with a fixed number of queries, whatever the page size: one
   * for all their photos and one for all their comment previews.
   */
  async #hydrate(
    rows: PostRow[],
    stateOf: (postId: string) => ViewerPostState,
    db = this.db,
  ): Promise<Post[]> {
    const ids = rows.map((row) => row.id);
    const [mediaOf, previews, remoteUrls] = await Promise.all([
      listMediaOfPosts(db, ids),
      listCommentPreviews(db, ids, limits.commentsPreviewCount),
      remotePostsSeen(db, rows, this.infra.clock.now()),
    ]);
    // Only when some caption or comment names someone with `@`.
    const people = await findMentionedPeople(db, [
      ...rows.map((row) => row.caption),
      ...previews.map((row) => row.content),
    ]);
    const { storage } = this.infra;
    const urls = mediaUrls(storage, this.infra.signer);
    const previewsByPost = new Map<string, Comment[]>();
    for (const row of previews) {
      const list = previewsByPost.get(row.post_id) ?? [];
      list.push(toComment(row, storage, people));
      previewsByPost.set(row.post_id, list);
    }
    // A post without media is being deleted (its rows cascade): it is left out, as if gone.
    return rows.flatMap((row) => {
      const media = mediaOf.get(row.id);
      if (!media) return [];
      return toPost(
        row,
        media,
        urls,
        stateOf(row.id),
        previewsByPost.get(row.id) ?? [],
        people,
        remoteUrls.get(row.id) ?? null,
      );
    });
  }
}
