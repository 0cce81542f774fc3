import { describe, expect, it } from 'vitest';
import type { ChangeLogReader } from '../repositories/cache-changes.repository';
import { ChangeFeed } from './change-feed';

/** A change log whose reads the test releases one at a time. */
function controlledLog() {
  const pending: { topics: string[]; release: () => void }[] = [];
  let reads = 0;
  const reader: ChangeLogReader = {
    next: () => {
      reads += 1;
      return new Promise((resolve) => {
        const entry = { topics: [`read ${reads}`], release: () => resolve(entry.topics) };
        pending.push(entry);
      });
    },
  };
  return { reader, pending, reads: () => reads };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('ChangeFeed', () => {
  it('never lets a request reuse a read that started before it arrived; later ones share one', async () => {
    const log = controlledLog();
    const applied: string[][] = [];
    const feed = new ChangeFeed(log.reader, (topics) => applied.push([...topics]), {
      retentionMs: 60_000,
    });
    const first = feed.sync();
    await tick();
    // Three requests arrive while the first read runs: they wait for one next read.
    const waiting = [feed.sync(), feed.sync(), feed.sync()];
    await tick();
    expect(log.reads()).toBe(1);
    log.pending[0]!.release();
    await first;
    await tick();
    expect(log.reads()).toBe(2);
    log.pending[1]!.release();
    await Promise.all(waiting);
    expect(applied).toEqual([['read 1'], ['read 2']]);
  });

  it('forgets everything after being idle for half the retention', async () => {
    let now = 0;
    const topics = [['first'], ['a'], ['b']];
    const reader: ChangeLogReader = { next: async () => topics.shift() ?? [] };
    const applied: string[][] = [];
    const feed = new ChangeFeed(reader, (read) => applied.push([...read]), {
      retentionMs: 1_000,
      now: () => now,
    });
    await feed.sync();
    now = 400;
    await feed.sync();
    now = 1_000;
    await feed.sync();
    expect(applied).toEqual([['first'], ['a'], ['*']]);
  });

  it('passes a failed read to its requests and reads afresh for the next one', async () => {
    let fail = true;
    const reader: ChangeLogReader = {
      next: async () => {
        if (fail) throw new Error('database unavailable');
        return ['after'];
      },
    };
    const applied: string[][] = [];
    const feed = new ChangeFeed(reader, (read) => applied.push([...read]), { retentionMs: 1_000 });
    await expect(feed.sync()).rejects.toThrow('database unavailable');
    fail = false;
    await feed.sync();
    expect(applied).toEqual([['after']]);
  });
});
