import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discardEventually } from './discard';

const schedule = { firstRetryMs: 1000, maxRetryMs: 4000, giveUpAfterMs: 20_000 };

describe('discardEventually', () => {
  // Time is moved on by a bounded amount, not "until no timer is left": the server's test files
  // share a worker (isolate: false), and a timer another file left repeating would never end.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('removes every key once when the store answers', async () => {
    const removed: string[] = [];
    await discardEventually(async (key) => void removed.push(key), ['a', 'b'], schedule);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(removed).toEqual(['a', 'b']);
  });

  it('retries what failed with a growing delay, then removes every key once more after the store came back', async () => {
    const attempts: Array<[string, number]> = [];
    let storeUp = false;
    const remove = async (key: string) => {
      attempts.push([key, Date.now()]);
      if (!storeUp && key === 'b') throw new Error('ECONNREFUSED');
    };
    const started = Date.now();
    await discardEventually(remove, ['a', 'b'], schedule);
    expect(attempts.map(([key]) => key)).toEqual(['a', 'b']);

    await vi.advanceTimersByTimeAsync(1000); // first retry: still down
    await vi.advanceTimersByTimeAsync(2000); // second retry, twice as late
    expect(attempts.filter(([key]) => key === 'b').map(([, at]) => at - started)).toEqual([
      0, 1000, 3000,
    ]);
    storeUp = true;
    await vi.advanceTimersByTimeAsync(4000); // third retry succeeds
    await vi.advanceTimersByTimeAsync(1000); // and a write that landed late is removed too
    expect(attempts.slice(-3).map(([key, at]) => [key, at - started])).toEqual([
      ['b', 7000],
      ['a', 8000],
      ['b', 8000],
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toHaveLength(7);
  });

  it('gives up after giveUpAfterMs, leaving the rest to the orphan sweep', async () => {
    let calls = 0;
    await discardEventually(
      async () => {
        calls += 1;
        throw new Error('ETIMEDOUT');
      },
      ['a'],
      schedule,
    );
    await vi.advanceTimersByTimeAsync(60_000);
    // Now, then at 1 s, 3 s, 7 s, 11 s, 15 s, 19 s; the next (23 s) would pass 20 s.
    expect(calls).toBe(7);
  });
});
