/** A loaded value and the tags of everything it was built from. */
export interface Tagged<T> {
  value: T;
  tags: readonly string[];
}

export interface CacheStats {
  hits: number;
  misses: number;
}

interface Entry<T> {
  value: T;
  tags: readonly string[];
}

/**
 * Values kept until something they were built from changes. Each value carries tags (`post:<id>`,
 * `likes-of:<userId>`, …); `forget(tags)` drops exactly the values carrying one of them, so a
 * like on one post leaves every page without that post warm.
 *
 * A load that was running while one of its tags was forgotten may hold data from before the
 * change: it still answers the request that started it, but is neither kept nor shared with
 * requests that come after the forget. Concurrent misses for one key share one load.
 * Bounded: past `maxEntries` the oldest entry goes.
 */
export class TaggedCache<T> {
  readonly stats: CacheStats = { hits: 0, misses: 0 };
  readonly #entries = new Map<string, Entry<T>>();
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #loading = new Map<string, Promise<T>>();
  /** Counts forgets; a load remembers the count it started at. */
  #generation = 0;
  /** While loads run: the generation at which each tag (or everything, `*`) was last forgotten. */
  readonly #forgottenAt = new Map<string, number>();
  #pendingLoads = 0;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.#entries.size;
  }

  async get(key: string, load: () => Promise<Tagged<T>>): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry) {
      this.stats.hits += 1;
      return entry.value;
    }
    this.stats.misses += 1;
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const loading = this.#load(key, load);
    this.#loading.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.#loading.get(key) === loading) this.#loading.delete(key);
    }
  }

  /** The kept value, without loading; counted as a hit or a miss. */
  peek(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (entry) this.stats.hits += 1;
    else this.stats.misses += 1;
    return entry?.value;
  }

  /**
   * Replaces a value with one computed from the kept one (undefined when none is kept): for values
   * that grow, such as a viewer's known likes. Kept unless one of its tags was forgotten meanwhile.
   */
  async update(key: string, compute: (kept: T | undefined) => Promise<Tagged<T>>): Promise<T> {
    const stamp = this.#begin();
    let loaded: Tagged<T>;
    try {
      loaded = await compute(this.#entries.get(key)?.value);
    } catch (error) {
      this.#end();
      throw error;
    }
    if (!this.#changedSince(stamp, loaded.tags)) this.#keep(key, loaded);
    this.#end();
    return loaded.value;
  }

  /** Drops the value kept under `key` (one that went stale by time rather than by a change). */
  delete(key: string): void {
    this.#drop(key);
  }

  /** Drops every value carrying one of these tags. */
  forget(tags: Iterable<string>): void {
    this.#generation += 1;
    for (const tag of tags) {
      const keys = this.#keysByTag.get(tag);
      if (keys) for (const key of [...keys]) this.#drop(key);
      if (this.#pendingLoads > 0) this.#forgottenAt.set(tag, this.#generation);
    }
    // A load already running cannot tell yet which tags it will carry: new readers load afresh.
    this.#loading.clear();
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#keysByTag.clear();
    this.#loading.clear();
    if (this.#pendingLoads > 0) this.#forgottenAt.set('*', this.#generation);
  }

  #load(key: string, load: () => Promise<Tagged<T>>): Promise<T> {
    return this.update(key, () => load());
  }

  #begin(): number {
    this.#pendingLoads += 1;
    return this.#generation;
  }

  #end(): void {
    this.#pendingLoads -= 1;
    if (this.#pendingLoads === 0) this.#forgottenAt.clear();
  }

  #changedSince(stamp: number, tags: readonly string[]): boolean {
    if ((this.#forgottenAt.get('*') ?? 0) > stamp) return true;
    return tags.some((tag) => (this.#forgottenAt.get(tag) ?? 0) > stamp);
  }

  #keep(key: string, loaded: Tagged<T>): void {
    this.#drop(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#drop(oldest.value);
    }
    this.#entries.set(key, { value: loaded.value, tags: loaded.tags });
    for (const tag of loaded.tags) {
      let keys = this.#keysByTag.get(tag);
      if (!keys) this.#keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
  }
}
