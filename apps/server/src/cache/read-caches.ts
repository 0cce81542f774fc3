import type { Hashtag, Instance, ProfileSummary, Suggestion } from '@pinhole/contracts';
import type { Database } from '../db/database';
import { createChangeLogReader, pruneCacheChanges } from '../repositories/cache-changes.repository';
import type { findLiveSession } from '../repositories/sessions.repository';
import type { EncodedBody } from './encoded-body';
import { tagsForChange } from './cache-tags';
import { ChangeFeed } from './change-feed';
import type { CacheStats } from './tagged-cache';
import { TaggedCache } from './tagged-cache';

/**
 * A shared post's JSON and who appears in it: its author, its previewed commenters, and the people
 * its caption and those comments mention.
 */
export interface SharedPost {
  id: string;
  openJson: string;
  authorId: string;
  commenterIds: readonly string[];
  mentionedIds: readonly string[];
}

/** A page of posts as every reader sees it; only `liked_by_me` and `saved_by_me` differ. */
export interface SharedPostPage {
  /**
   * Each post's JSON without `liked_by_me`, `saved_by_me` and its closing brace, with who appears
   * in it (author, previewed commenters) so a viewer's blocks can be left out after the cache.
   */
  posts: SharedPost[];
  nextCursor: string | null;
  /** JSON members the body holds before `posts` (a hashtag page's `"hashtag":{…},`). */
  head?: string;
  /** The body for a reader who likes and saved none of these posts, as every signed-out one. */
  plainBody: EncodedBody;
  /**
   * Bodies by the reader's state of each post, one digit per post (bit 1 liked, bit 2 saved:
   * '0130…'): made on first use, a few kept.
   */
  viewerBodies: Map<string, EncodedBody>;
}

/** Someone's story trays as a JSON body, good until the first of its stories expires. */
export interface StoryTraysEntry {
  body: EncodedBody;
  /** Epoch ms of the earliest `expires_at` among its stories (Infinity when it has none). */
  validUntil: number;
}

/** A person a search found, before the viewer's follows are known. */
export type FoundPerson = ProfileSummary & { followersCount: number };

/** What one search finds for everyone alike (services/search.service.ts). */
export interface SharedSearch {
  /** The person whose username is the query, if any. */
  exact: FoundPerson | null;
  /** The most followed people matching, most followed first. */
  people: FoundPerson[];
  hashtags: Hashtag[];
}

/** Someone the viewer follows, and the words search finds them by. */
export interface Followee {
  person: FoundPerson;
  terms: string[];
}

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** How long change-log rows are kept; an instance idle for half of it forgets everything. */
export const changeRetentionMs = 10 * 60 * 1000;

/**
 * What the hot read path keeps between requests. Each value is tagged with what it was built from;
 * `sync()` (once per request, before any cached read) reads the change log and forgets only the
 * values whose tags changed, on this instance, for writes made on any instance.
 */
export interface ReadCaches {
  sync(): Promise<void>;
  /** Removes change-log rows past their retention (every instance may; it is idempotent). */
  pruneChanges(now?: number): Promise<number>;
  /** Feed and profile pages, shared by every reader. */
  pages: TaggedCache<SharedPostPage>;
  /** Following feed pages: one reader's each, so kept apart from the pages everyone shares. */
  followingPages: TaggedCache<SharedPostPage>;
  /** Sessions by token hash (null: no such live session). */
  sessions: TaggedCache<LiveSession | null>;
  /** "Suggestions for you" per viewer (and one list for everyone signed out). */
  suggestions: TaggedCache<Suggestion[]>;
  /** Grids shared by every reader: explore, hashtag pages, tagged tabs. */
  gridPages: TaggedCache<SharedPostPage>;
  /** Explore's ranking (post ids, best first), remade when posts come or go, or each minute. */
  exploreRankings: TaggedCache<string[]>;
  /** Search answers by query, before the viewer's follows are added. */
  searches: TaggedCache<SharedSearch>;
  /** Per viewer: whom they follow with their search terms, most followed first. */
  followees: TaggedCache<Followee[]>;
  /** Per viewer: the posts whose like state is known, and whether the viewer likes each. */
  likes: TaggedCache<Map<string, boolean>>;
  /** Per viewer: the posts whose save state is known, and whether the viewer saved each. */
  saves: TaggedCache<Map<string, boolean>>;
  /** Per viewer (and one set for everyone signed out): `GET /api/stories`. */
  storyTrays: TaggedCache<StoryTraysEntry>;
  /** Per viewer: the people they blocked or were blocked by (services/blocks.service.ts). */
  blockedEitherWay: TaggedCache<ReadonlySet<string>>;
  /** `GET /api/instance` without what the configuration says (sign-ups, mail, video): one value. */
  instance: TaggedCache<Omit<Instance, 'signups' | 'mail' | 'video'>>;
  /** Each cache's hits and misses since start, and the values it keeps now (the metrics). */
  stats(): Record<ReadCacheName, CacheStats & { entries: number }>;
}

export type ReadCacheName = Exclude<keyof ReadCaches, 'sync' | 'pruneChanges' | 'stats'>;

export function createReadCaches(database: Database): ReadCaches {
  const pages = new TaggedCache<SharedPostPage>(500);
  const sessions = new TaggedCache<LiveSession | null>(10_000);
  const followingPages = new TaggedCache<SharedPostPage>(2_000);
  const likes = new TaggedCache<Map<string, boolean>>(5_000);
  const saves = new TaggedCache<Map<string, boolean>>(5_000);
  const suggestions = new TaggedCache<Suggestion[]>(5_000);
  const gridPages = new TaggedCache<SharedPostPage>(1_000);
  const exploreRankings = new TaggedCache<string[]>(4);
  const searches = new TaggedCache<SharedSearch>(5_000);
  // A few hundred people each: the viewers searching in the last minutes, not everyone.
  const followees = new TaggedCache<Followee[]>(500);
  // A body is up to a few hundred kB (100 trays of 1–3 stories): 500 readers bound it to ~100 MB.
  const storyTrays = new TaggedCache<StoryTraysEntry>(500);
  // A few ids per viewer (most have none): ten thousand viewers cost a few MB.
  const blockedEitherWay = new TaggedCache<ReadonlySet<string>>(10_000);
  const instance = new TaggedCache<Omit<Instance, 'signups'>>(1);
  const byName = {
    pages,
    followingPages,
    sessions,
    likes,
    saves,
    suggestions,
    gridPages,
    exploreRankings,
    searches,
    followees,
    storyTrays,
    blockedEitherWay,
    instance,
  } satisfies Record<ReadCacheName, TaggedCache<unknown>>;
  const all = Object.values(byName);
  const apply = (topics: readonly string[]) => {
    const tags: string[] = [];
    for (const topic of topics) {
      const forgotten = tagsForChange(topic);
      if (forgotten === null) {
        for (const cache of all) cache.clear();
        return;
      }
      tags.push(...forgotten);
    }
    for (const cache of all) cache.forget(tags);
  };
  const feed = new ChangeFeed(
    createChangeLogReader(database.changeLogDb, database.dialect),
    apply,
    {
      retentionMs: changeRetentionMs,
    },
  );
  return {
    sync: () => feed.sync(),
    pruneChanges: (now = Date.now()) => pruneCacheChanges(database.db, now - changeRetentionMs),
    ...byName,
    stats: () => {
      const stats = {} as Record<ReadCacheName, CacheStats & { entries: number }>;
      for (const [name, cache] of Object.entries(byName) as [ReadCacheName, TaggedCache<unknown>][])
        stats[name] = { hits: cache.stats.hits, misses: cache.stats.misses, entries: cache.size };
      return stats;
    },
  };
}
