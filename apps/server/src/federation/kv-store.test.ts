import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { TestClock, dialects } from '../test/harness';
import { DatabaseKvStore } from './kv-store';
import { openTestDatabase } from './test/databases';

const duration = (ms: number) =>
  ({ total: () => ms }) as unknown as NonNullable<Parameters<DatabaseKvStore['set']>[2]>['ttl'];

describe.each(dialects)('the federation key–value store on %s', (dialect) => {
  let database: Database;
  let close: () => Promise<void>;
  const clock = new TestClock(Date.parse('2026-01-01T00:00:00Z'));
  let kv: DatabaseKvStore;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(dialect));
    kv = new DatabaseKvStore(database.db, clock);
  });
  afterAll(() => close());

  it('sets, gets, overwrites and deletes JSON values by key', async () => {
    expect(await kv.get(['a', 'b'])).toBeUndefined();
    await kv.set(['a', 'b'], { n: 1, list: ['x'] });
    expect(await kv.get(['a', 'b'])).toEqual({ n: 1, list: ['x'] });
    await kv.set(['a', 'b'], 'second');
    expect(await kv.get(['a', 'b'])).toBe('second');
    await kv.delete(['a', 'b']);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
  });

  it('forgets a value when its time to live has passed', async () => {
    await kv.set(['ttl'], 1, { ttl: duration(1000) });
    expect(await kv.get(['ttl'])).toBe(1);
    clock.set(clock.at + 1001);
    expect(await kv.get(['ttl'])).toBeUndefined();
  });

  it('swaps a value only while it is what the caller expects', async () => {
    expect(await kv.cas(['cas'], undefined, 1)).toBe(true);
    expect(await kv.cas(['cas'], undefined, 2)).toBe(false);
    expect(await kv.cas(['cas'], 3, 2)).toBe(false);
    expect(await kv.cas(['cas'], 1, 2)).toBe(true);
    expect(await kv.get(['cas'])).toBe(2);
  });

  it('lists entries under a prefix, whole key parts only, case and wildcards kept', async () => {
    await kv.set(['list', 'a%'], 1);
    await kv.set(['list', 'a%', 'deeper'], 2);
    await kv.set(['list', 'A%'], 3);
    await kv.set(['listing'], 4);
    await kv.set(['list', 'ab'], 5);
    const entries: unknown[] = [];
    for await (const entry of kv.list(['list', 'a%'])) entries.push(entry);
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        { key: ['list', 'a%'], value: 1 },
        { key: ['list', 'a%', 'deeper'], value: 2 },
      ]),
    );
    const all: unknown[] = [];
    for await (const entry of kv.list(['list'])) all.push(entry);
    expect(all).toHaveLength(4);
  });
});
