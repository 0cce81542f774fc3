import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { systemClock } from '../context';
import { dialects } from '../test/harness';
import { saveDomainBlock } from '../repositories/domain-blocks.repository';
import { DomainFilteringQueue, blockOfHost } from './domain-blocks';
import { DatabaseMessageQueue } from './message-queue';
import { openTestDatabase } from './test/databases';

describe.each(dialects)('domain blocks in the federation queue on %s', (dialect) => {
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(dialect));
    const at = new Date().toISOString();
    await saveDomainBlock(database.db, {
      domain: 'blocked.example',
      severity: 'suspend',
      reason: null,
      created_at: at,
    });
    await saveDomainBlock(database.db, {
      domain: 'quiet.example',
      severity: 'silence',
      reason: null,
      created_at: at,
    });
  });
  afterAll(() => close());

  it('finds the block of a host or of any parent domain', async () => {
    expect(await blockOfHost(database.db, 'blocked.example')).toBe('suspend');
    expect(await blockOfHost(database.db, 'a.b.BLOCKED.example')).toBe('suspend');
    expect(await blockOfHost(database.db, 'quiet.example:8443')).toBe('silence');
    expect(await blockOfHost(database.db, 'notblocked.example')).toBeUndefined();
    expect(await blockOfHost(database.db, 'example')).toBeUndefined();
  });

  it('drops deliveries to a suspended server, and activities from one, when they are taken', async () => {
    const queue = new DomainFilteringQueue(
      new DatabaseMessageQueue(database.db, database.dialect, systemClock, { pollIntervalMs: 20 }),
      database.db,
    );
    const messages = [
      { type: 'outbox', inbox: 'https://blocked.example/inbox' },
      { type: 'outbox', inbox: 'https://social.blocked.example/users/x/inbox' },
      { type: 'outbox', inbox: 'https://friendly.example/inbox' },
      { type: 'outbox', inbox: 'https://quiet.example/inbox' },
      { type: 'inbox', activity: { actor: 'https://blocked.example/users/x' } },
      { type: 'inbox', activity: { actor: { id: 'https://blocked.example/users/y' } } },
      { type: 'inbox', activity: { actor: 'https://friendly.example/users/z' } },
      { type: 'fanout', inboxes: {} },
    ];
    await queue.enqueueMany(messages);
    const handled: unknown[] = [];
    const stop = new AbortController();
    const listening = queue.listen(
      (message) => {
        handled.push(message);
      },
      { signal: stop.signal },
    );
    await expect.poll(async () => (await queue.getDepth()).queued, { timeout: 10_000 }).toBe(0);
    stop.abort();
    await listening;
    expect(handled).toHaveLength(4);
    expect(handled).toEqual(
      expect.arrayContaining([messages[2], messages[3], messages[6], messages[7]]),
    );
  });
});
