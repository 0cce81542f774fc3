import { setBounded } from '../bounded-map';

/**
 * Values kept until the database changes. The caller reads the content version (one tiny query;
 * see content-version.repository.ts) before it asks, and a value is reused only under the version
 * it was loaded after: any committed write, on this instance or any other sharing the database,
 * moves the version, so the next request sees it. Concurrent misses for one key share one load.
 * Bounded: past `maxEntries` the oldest entry goes.
 */
export class VersionedCache<T> {
  #version: string | undefined;
  readonly #entries = new Map<string, T>();
  readonly #loading = new Map<string, Promise<T>>();

  constructor(private readonly maxEntries: number) {}

  async get(version: string, key: string, load: () => Promise<T>): Promise<T> {
    if (version !== this.#version) {
      this.#version = version;
      this.#entries.clear();
      this.#loading.clear();
    }
    if (this.#entries.has(key)) return this.#entries.get(key) as T;
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const loading = load().then((value) => {
      if (this.#version === version) setBounded(this.#entries, key, value, this.maxEntries);
      return value;
    });
    this.#loading.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.#loading.get(key) === loading) this.#loading.delete(key);
    }
  }
}
