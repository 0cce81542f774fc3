import type { ChangeLogReader } from '../repositories/cache-changes.repository';
import { everythingChanged } from '../repositories/cache-changes.repository';

export interface ChangeFeedOptions {
  /** Rows older than this are pruned from the log (see pruneCacheChanges). */
  retentionMs: number;
  now?: () => number;
}

/**
 * Brings this instance's caches up to date with the change log before a request reads them.
 *
 * Every request must see every write committed before it arrived, so a request cannot reuse a
 * read that started earlier; but requests arriving while a read runs all wait for the next one,
 * which starts when the running one ends. Under load that is one small query per round trip of
 * the database, not one per request.
 */
export class ChangeFeed {
  #current: Promise<void> | null = null;
  #next: Promise<void> | null = null;
  #lastReadAt: number | undefined;
  readonly #now: () => number;

  constructor(
    private readonly reader: ChangeLogReader,
    private readonly apply: (topics: readonly string[]) => void,
    private readonly options: ChangeFeedOptions,
  ) {
    this.#now = options.now ?? Date.now;
  }

  sync(): Promise<void> {
    if (this.#next) return this.#next;
    if (!this.#current) return this.#start();
    const after = this.#current.then(
      () => undefined,
      () => undefined,
    );
    this.#next = after.then(() => {
      this.#next = null;
      return this.#start();
    });
    return this.#next;
  }

  #start(): Promise<void> {
    const reading = this.#read().finally(() => {
      if (this.#current === reading) this.#current = null;
    });
    this.#current = reading;
    return reading;
  }

  async #read(): Promise<void> {
    const startedAt = this.#now();
    const topics = await this.reader.next();
    // Idle longer than half the log's retention: rows this instance never read may be pruned.
    const idle =
      this.#lastReadAt !== undefined && startedAt - this.#lastReadAt > this.options.retentionMs / 2;
    this.#lastReadAt = startedAt;
    if (idle) this.apply([everythingChanged]);
    else if (topics.length > 0) this.apply(topics);
  }
}
