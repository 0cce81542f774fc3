import type { Database } from '../db/database';
import type { findLiveSession } from '../repositories/sessions.repository';
import { readContentVersion } from '../repositories/content-version.repository';
import { VersionedCache } from './versioned-cache';

/** A page of posts as every reader sees it; only `liked_by_me` differs between readers. */
export interface SharedPostPage {
  /** Each post's JSON without `liked_by_me` and without its closing brace. */
  posts: { id: string; openJson: string }[];
  nextCursor: string | null;
  /** The whole response body for a signed-out reader, encoded once. */
  signedOutBody: Buffer;
}

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/**
 * What the hot read path keeps between requests, all checked against one content version read
 * once per request. The CPU profile of the feed put its time in SQL, query building and JSON; with
 * these, a repeated signed-in page costs one tiny query.
 */
export interface ReadCaches {
  /** Reads the current content version: one tiny query. */
  version(): Promise<string>;
  /** Feed and profile pages. */
  pages: VersionedCache<SharedPostPage>;
  /** Sessions by token hash (null: no such live session). Sign-out is a write: it moves the version. */
  sessions: VersionedCache<LiveSession | null>;
  /** Which posts of a page a viewer has liked, by viewer and page. */
  viewerLikes: VersionedCache<Set<string>>;
}

export function createReadCaches(database: Database): ReadCaches {
  return {
    version: () => readContentVersion(database.db, database.dialect),
    pages: new VersionedCache(500),
    sessions: new VersionedCache(10_000),
    viewerLikes: new VersionedCache(5_000),
  };
}
