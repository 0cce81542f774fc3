import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { Clock } from '../context';
import type { DB } from '../db/schema';
import { durationMs } from './duration';
import {
  deleteKvValue,
  findKvValue,
  listKvValues,
  swapKvValue,
  upsertKvValue,
} from '../repositories/federation-kv.repository';

const encodeKey = (key: KvKey): string => JSON.stringify(key);

/**
 * Fedify's key–value store in our database, so every instance of a cluster shares the cache of
 * remote documents and keys, and the marks that stop an activity being handled twice.
 */
export class DatabaseKvStore implements KvStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  #now(): string {
    return this.clock.now().toISOString();
  }

  #expiresAt(options: KvStoreSetOptions | undefined): string | null {
    const ms = durationMs(options?.ttl);
    if (ms === undefined) return null;
    return new Date(this.clock.now().getTime() + ms).toISOString();
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const value = await findKvValue(this.db, encodeKey(key), this.#now());
    return value === undefined ? undefined : (JSON.parse(value) as T);
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    await upsertKvValue(this.db, encodeKey(key), JSON.stringify(value), this.#expiresAt(options));
  }

  async delete(key: KvKey): Promise<void> {
    await deleteKvValue(this.db, encodeKey(key));
  }

  async cas(
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> {
    return swapKvValue(
      this.db,
      encodeKey(key),
      expectedValue === undefined ? undefined : JSON.stringify(expectedValue),
      JSON.stringify(newValue),
      this.#expiresAt(options),
      this.#now(),
    );
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    // ["a","b"] is stored as `["a","b"]`: its entries start with `["a","b"` then `]` or `,`.
    const start = prefix ? encodeKey(prefix).slice(0, -1) : undefined;
    for (const row of await listKvValues(this.db, start, this.#now())) {
      const rest = start === undefined ? '' : row.key.slice(start.length);
      if (start !== undefined && rest[0] !== ']' && rest[0] !== ',') continue;
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) };
    }
  }
}
