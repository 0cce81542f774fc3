import type { Database } from '../db/database';
import { readContentVersion } from '../repositories/content-version.repository';

/** A page of posts as every reader sees it; only `liked_by_me` differs between readers. */
export interface SharedPostPage {
  /** Each post's JSON without `liked_by_me` and without its closing brace. */
  posts: { id: string; openJson: string }[];
  nextCursor: string | null;
  /** The whole response body for a signed-out reader, encoded once. */
  signedOutBody: Buffer;
}

/**
 * Pages of posts kept until the database changes. Every request first reads the content version
 * (one tiny query); a page is reused only under the version it was loaded after, so a like,
 * comment or post is in the very next response, on this instance or any other sharing the
 * database. Profiling showed the feed's time in SQL, query building and JSON: a hit skips all
 * three. Concurrent misses for one page share one load.
 */
export class PostPageCache {
  #version: string | undefined;
  readonly #pages = new Map<string, SharedPostPage>();
  readonly #loading = new Map<string, Promise<SharedPostPage>>();

  constructor(
    private readonly readVersion: () => Promise<string>,
    private readonly maxPages = 500,
  ) {}

  async get(key: string, load: () => Promise<SharedPostPage>): Promise<SharedPostPage> {
    const version = await this.readVersion();
    if (version !== this.#version) {
      this.#version = version;
      this.#pages.clear();
      this.#loading.clear();
    }
    const cached = this.#pages.get(key) ?? this.#loading.get(key);
    if (cached) return cached;
    const loading = load().then((page) => {
      if (this.#version === version) this.#store(key, page);
      return page;
    });
    this.#loading.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.#loading.get(key) === loading) this.#loading.delete(key);
    }
  }

  #store(key: string, page: SharedPostPage): void {
    if (this.#pages.size >= this.maxPages) {
      const oldest = this.#pages.keys().next();
      if (!oldest.done) this.#pages.delete(oldest.value);
    }
    this.#pages.set(key, page);
  }
}

export function createPostPageCache(database: Database): PostPageCache {
  return new PostPageCache(() => readContentVersion(database.db, database.dialect));
}
