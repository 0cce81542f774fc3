import { testMessageQueue } from '@fedify/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { systemClock } from '../context';
import { TestClock, dialects } from '../test/harness';
import { DatabaseMessageQueue } from './message-queue';
import { openTestDatabase } from './test/databases';

describe.each(dialects)('the federation message queue on %s', (dialect) => {
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(dialect));
  });
  afterAll(() => close());

  it("passes Fedify's message queue suite (delays, batches, one listener per message, order)", async () => {
    await testMessageQueue(
      () =>
        new DatabaseMessageQueue(database.db, database.dialect, systemClock, {
          pollIntervalMs: 100,
        }),
      ({ controller }) => controller.abort(),
      { testOrderingKey: true },
    );
  }, 120_000);

  it('keeps a message through a restart, and hands on one whose taker died', async () => {
    await database.db.deleteFrom('federation_queue').execute();
    const clock = new TestClock(Date.now());
    const before = new DatabaseMessageQueue(database.db, database.dialect, clock, {
      pollIntervalMs: 20,
      claimMs: 60_000,
    });
    await before.enqueue({ deliver: 'to-peer' });
    // The first instance takes it and dies in the middle of the work (its handler never ends).
    const dying = new AbortController();
    let taken = 0;
    void before.listen(
      () => {
        taken++;
        dying.abort();
        return new Promise<void>(() => undefined);
      },
      { signal: dying.signal },
    );
    await expect.poll(() => taken).toBe(1);

    const after = new DatabaseMessageQueue(database.db, database.dialect, clock, {
      pollIntervalMs: 20,
    });
    const received: unknown[] = [];
    const listening = new AbortController();
    const done = after.listen((message) => void received.push(message), {
      signal: listening.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
    // Once the dead instance's hold runs out, the message is delivered, once.
    clock.set(clock.at + 61_000);
    await expect.poll(() => received).toEqual([{ deliver: 'to-peer' }]);
    listening.abort();
    await done;
    expect(await after.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });
  it('on close, waits for a delivery under way, and frees one that outlasts the grace at once', async () => {
    await database.db.deleteFrom('federation_queue').execute();
    const queue = new DatabaseMessageQueue(database.db, database.dialect, systemClock, {
      pollIntervalMs: 20,
    });
    await queue.enqueue({ deliver: 'quick' });
    const stopping = new AbortController();
    let finish: () => void = () => undefined;
    const listening = queue.listen(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
          stopping.abort();
        }),
      { signal: stopping.signal },
    );
    await expect.poll(() => stopping.signal.aborted).toBe(true);
    // The delivery ends within the grace: close waits for it, and the message is done with.
    const closed = queue.close(5000);
    setTimeout(() => finish(), 50);
    await closed;
    await listening;
    expect(await queue.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });

    // One that never ends (a peer that holds the connection) is freed when the grace runs out.
    await queue.enqueue({ deliver: 'stuck' });
    const dying = new AbortController();
    const stuck = new DatabaseMessageQueue(database.db, database.dialect, systemClock, {
      pollIntervalMs: 20,
    });
    void stuck.listen(
      () => {
        dying.abort();
        return new Promise<void>(() => undefined);
      },
      { signal: dying.signal },
    );
    await expect.poll(() => dying.signal.aborted).toBe(true);
    await stuck.close(50);
    const next = new DatabaseMessageQueue(database.db, database.dialect, systemClock, {
      pollIntervalMs: 20,
    });
    const received: unknown[] = [];
    const after = new AbortController();
    const done = next.listen((message) => void received.push(message), { signal: after.signal });
    // Taken at once, not after the five minutes the hold would have lasted.
    await expect.poll(() => received, { timeout: 2000 }).toEqual([{ deliver: 'stuck' }]);
    after.abort();
    await done;
  });
});
