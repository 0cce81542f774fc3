import type { GridQuery } from '@pinhole/contracts';
import { limits } from '@pinhole/contracts';
import { z } from 'zod';
import type { Infrastructure } from '../context';
import {
  findHashtag,
  findPublicPostsByIds,
  listExploreCandidates,
  listHashtagPosts,
  listMentioningPosts,
} from '../repositories/post-tags.repository';
import type { PostRow } from '../repositories/posts.repository';
import { cacheTags } from '../cache/cache-tags';
import type { EncodedBody } from '../cache/encoded-body';
import { decodeJsonCursor, encodeJsonCursor } from '../pagination/cursor-codec';
import { rankForExplore } from '../discovery/explore-ranking';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';
import type { LoadedPostPage, PostReadsService } from './post-reads.service';

/** Explore ranks the newest public posts, this many: a bounded walk of posts_feed. */
export const exploreCandidates = 1_000;

/**
 * How long explore's order may lag behind likes and comments. The posts themselves are never
 * late: a page is forgotten when one of its posts changes (a like moves its count at once); only
 * the order is remade at most once a minute, or when a post is added or removed anywhere.
 */
const exploreRankingMs = 60_000;

/** Explore's cursor: how many posts the earlier pages held, and which minute's ranking. */
const exploreCursorSchema = z.tuple([
  z.number().int().min(0).max(exploreCandidates),
  z.number().int().min(0),
]);

/** A hashtag as stored: letters of any script, marks, digits or `_`, lowercase. */
const hashtagNamePattern = /^[\p{L}\p{M}\p{N}_]+$/u;

/** The stored name of a hashtag as a URL gives it (`Sunset`, `#sunset`), or null for no tag. */
export function hashtagName(raw: string): string | null {
  const name = raw.replace(/^#/, '').toLowerCase();
  if (name.length > limits.hashtagMaxLength || !hashtagNamePattern.test(name)) return null;
  return name;
}

/** Resolves the limit and keyset cursor of a grid query. */
function gridPage(query: GridQuery) {
  return {
    limit: query.limit ?? limits.gridDefaultLimit,
    after: query.cursor !== undefined ? decodeCursor(query.cursor) : undefined,
  };
}

/** The page of `limit` rows out of `limit + 1` loaded, and the cursor of the next. */
function keysetPage(rows: PostRow[], limit: number) {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { rows: pageRows, nextCursor };
}

/**
 * The grids of discovery: explore, a hashtag's posts, a person's tagged posts. Private accounts'
 * posts are in none of them, for anyone (only approved followers see them) — as in the everyone feed — so
 * every reader of a page sees the same posts and the pages are shared from the grid cache; each
 * reader adds their likes and saves. A change to what a page is built from forgets it on every
 * instance: its posts and authors (as the feed's pages), the hashtag's or person's tags
 * (`hashtag:`, `mentions-of:`), and any account's privacy (`privacy:any`). The caller has synced
 * the caches for this request.
 */
export class DiscoveryListsService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly postReads: PostReadsService,
  ) {}

  private get db() {
    return this.infra.database.db;
  }

  /** A page of explore, best first (see explore-ranking.ts for the formula). */
  async explore(query: GridQuery, viewerId: string | null): Promise<EncodedBody> {
    const limit = query.limit ?? limits.gridDefaultLimit;
    const [offset, minute]: [number, number] =
      query.cursor !== undefined
        ? decodeJsonCursor(query.cursor, exploreCursorSchema)
        : [0, Math.floor(Date.now() / exploreRankingMs)];
    const key = JSON.stringify(['explore', minute, offset, limit]);
    return this.postReads.sharedPage(
      this.infra.caches.gridPages,
      key,
      async (): Promise<LoadedPostPage> => {
        const ranking = await this.#exploreRanking(minute);
        const ids = ranking.slice(offset, offset + limit);
        const byId = new Map(
          (await findPublicPostsByIds(this.db, ids)).map((row) => [row.id, row]),
        );
        const end = offset + limit;
        return {
          // A post deleted or made private since the ranking is left out of the page.
          rows: ids.flatMap((id) => byId.get(id) ?? []),
          nextCursor: end < ranking.length ? encodeJsonCursor([end, minute]) : null,
          listTags: [cacheTags.everyoneFeed],
        };
      },
      viewerId,
    );
  }

  /**
   * The ranking of one minute: a later page keeps the order its first page had while the ranking
   * is kept. Forgotten when any post is added or removed or an account's privacy changes (each
   * writes `posts-of:`, which forgets `feed:everyone`).
   */
  #exploreRanking(minute: number): Promise<string[]> {
    return this.infra.caches.exploreRankings.get(String(minute), async () => {
      const candidates = await listExploreCandidates(this.db, exploreCandidates);
      return { value: rankForExplore(candidates, Date.now()), tags: [cacheTags.everyoneFeed] };
    });
  }

  /** A page of a hashtag's posts, newest first, with the hashtag and its count. */
  async hashtag(rawName: string, query: GridQuery, viewerId: string | null): Promise<EncodedBody> {
    const { limit, after } = gridPage(query);
    const name = hashtagName(rawName);
    const key = JSON.stringify(['hashtag', name, limit, query.cursor ?? null]);
    return this.postReads.sharedPage(
      this.infra.caches.gridPages,
      key,
      async (): Promise<LoadedPostPage> => {
        const found = name === null ? undefined : await findHashtag(this.db, name);
        const hashtag = { name: name ?? rawName.replace(/^#/, '').toLowerCase(), posts_count: 0 };
        if (found) hashtag.posts_count = Number(found.posts_count);
        const rows =
          name === null || !found
            ? []
            : await listHashtagPosts(this.db, name, { limit: limit + 1, after });
        return {
          ...keysetPage(rows, limit),
          listTags: [cacheTags.hashtag(name ?? ''), cacheTags.anyPrivacy],
          head: `"hashtag":${JSON.stringify(hashtag)},`,
        };
      },
      viewerId,
    );
  }

  /**
   * A page of the posts by others whose caption mentions this person, newest first. The caller
   * has checked that the viewer may see the person's content.
   */
  async tagged(profileId: string, query: GridQuery, viewerId: string | null) {
    const { limit, after } = gridPage(query);
    const key = JSON.stringify(['tagged', profileId, limit, query.cursor ?? null]);
    return this.postReads.sharedPage(
      this.infra.caches.gridPages,
      key,
      async (): Promise<LoadedPostPage> => ({
        ...keysetPage(
          await listMentioningPosts(this.db, profileId, { limit: limit + 1, after }),
          limit,
        ),
        listTags: [cacheTags.mentionsOf(profileId), cacheTags.anyPrivacy],
      }),
      viewerId,
    );
  }
}
