import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { Clock } from '../context';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import { newId } from '../ids';
import {
  claimNextMessage,
  countQueuedMessages,
  deleteQueuedMessage,
  insertQueuedMessages,
  releaseQueuedMessage,
} from '../repositories/federation-queue.repository';
import { durationMs } from './duration';

export interface DatabaseMessageQueueOptions {
  /** How often an idle listener looks for due messages (another instance may have queued one). */
  pollIntervalMs?: number;
  /**
   * How long a taken message stays with its taker. Longer than any one delivery takes; an
   * instance that dies holding it frees it when this runs out.
   */
  claimMs?: number;
  /** When a handler throws (Fedify retries failed deliveries itself), how long until it is tried again. */
  failureDelayMs?: number;
}

/**
 * Fedify's message queue in our database: messages survive a restart, a delayed one waits in
 * its row, and each is taken by one listener of one instance at a time. Fedify itself re-queues
 * a failed delivery with its retry policy's delay (`nativeRetrial` false).
 */
export class DatabaseMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  readonly #pollIntervalMs: number;
  readonly #claimMs: number;
  readonly #failureDelayMs: number;
  /** Wakes this process's idle listeners when it queues a due message itself. */
  readonly #wakers = new Set<() => void>();
  /** The messages this process's handlers are working on, by id: what `close` waits for. */
  readonly #working = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly clock: Clock,
    options: DatabaseMessageQueueOptions = {},
  ) {
    this.#pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.#claimMs = options.claimMs ?? 5 * 60_000;
    this.#failureDelayMs = options.failureDelayMs ?? 60_000;
  }

  enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.enqueueMany([message], options);
  }

  async enqueueMany(
    messages: readonly unknown[],
    options?: MessageQueueEnqueueOptions,
  ): Promise<void> {
    const now = this.clock.now().getTime();
    const delayMs = Math.max(0, durationMs(options?.delay) ?? 0);
    await insertQueuedMessages(
      this.db,
      messages.map((message) => ({
        id: newId(),
        message: JSON.stringify(message),
        orderingKey: options?.orderingKey ?? null,
        readyAt: new Date(now + delayMs).toISOString(),
        createdAt: new Date(now).toISOString(),
      })),
    );
    if (delayMs === 0) for (const wake of this.#wakers) wake();
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const { queued, ready } = await countQueuedMessages(this.db, this.clock.now().toISOString());
    return { queued, ready, delayed: queued - ready };
  }

  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options: MessageQueueListenOptions = {},
  ): Promise<void> {
    const { signal } = options;
    let wake: () => void = () => undefined;
    const waker = () => wake();
    this.#wakers.add(waker);
    const onAbort = () => wake();
    signal?.addEventListener('abort', onAbort);
    try {
      while (!signal?.aborted) {
        const taken = await this.#takeOne();
        if (taken) {
          const work = this.#handle(taken, handler);
          this.#working.set(taken.id, work);
          await work.finally(() => this.#working.delete(taken.id));
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.#pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      this.#wakers.delete(waker);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * For a shutdown, after the listeners' signal is aborted and before the database closes: waits
   * at most `graceMs` for the messages being worked on, then frees those still held so the next
   * start (or another instance) takes them at once instead of after the hold runs out. A message
   * freed while its delivery is still under way may be delivered twice; ActivityPub receivers
   * drop an activity id they have seen.
   */
  async close(graceMs: number): Promise<void> {
    if (this.#working.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const finished = Promise.allSettled([...this.#working.values()]);
    const outcome = await Promise.race([finished, graceOver]);
    clearTimeout(timer);
    if (outcome !== 'late') return;
    const now = this.clock.now().toISOString();
    await Promise.all(
      [...this.#working.keys()].map((id) =>
        releaseQueuedMessage(this.db, id, now).catch(() => undefined),
      ),
    );
  }

  async #takeOne() {
    const now = this.clock.now().getTime();
    try {
      return await claimNextMessage(
        this.db,
        this.dialect,
        new Date(now).toISOString(),
        new Date(now + this.#claimMs).toISOString(),
      );
    } catch {
      // The database is away for a moment (a failover, a busy lock): the next poll tries again.
      return undefined;
    }
  }

  async #handle(
    taken: { id: string; message: string },
    handler: (message: unknown) => Promise<void> | void,
  ): Promise<void> {
    try {
      await handler(JSON.parse(taken.message));
      await deleteQueuedMessage(this.db, taken.id);
    } catch {
      const readyAt = new Date(this.clock.now().getTime() + this.#failureDelayMs).toISOString();
      await releaseQueuedMessage(this.db, taken.id, readyAt).catch(() => undefined);
    }
  }
}
