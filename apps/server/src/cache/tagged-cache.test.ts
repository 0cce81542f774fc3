import { describe, expect, it } from 'vitest';
import { TaggedCache } from './tagged-cache';

const value = (label: string, tags: string[] = []) => ({ value: { label }, tags });

/** A promise and the function that resolves it. */
function gate() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Starts loading `feed` with a load that finishes (with `label`, tagged post:A) on `open()`. */
async function slowFeedLoad(cache: TaggedCache<{ label: string }>, label: string) {
  const { promise, open } = gate();
  const loading = cache.get('feed', async () => {
    await promise;
    return value(label, ['post:A']);
  });
  await new Promise((resolve) => setTimeout(resolve, 5));
  return { loading, open };
}

describe('TaggedCache', () => {
  it('keeps a value until one of its tags is forgotten, and only those values', async () => {
    const cache = new TaggedCache<{ label: string }>(10);
    let loads = 0;
    const load = (tags: string[]) => async () => value(`load ${++loads}`, tags);
    await cache.get('page with A', load(['post:A', 'post:B']));
    await cache.get('page without A', load(['post:B', 'post:C']));
    cache.forget(['post:A']);
    expect((await cache.get('page without A', load([]))).label).toBe('load 2');
    expect((await cache.get('page with A', load(['post:A']))).label).toBe('load 3');
    expect(cache.stats).toEqual({ hits: 1, misses: 3 });
  });

  it('loads a value once for concurrent readers', async () => {
    const cache = new TaggedCache<{ label: string }>(10);
    let loads = 0;
    const { promise, open } = gate();
    const load = async () => {
      loads++;
      await promise;
      return value('shared');
    };
    const readers = Promise.all([cache.get('feed', load), cache.get('feed', load)]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    open();
    const [first, second] = await readers;
    expect(first).toBe(second);
    expect(loads).toBe(1);
  });

  it('does not keep, nor share, a load that was running when one of its tags changed', async () => {
    const cache = new TaggedCache<{ label: string }>(10);
    const { loading: slow, open } = await slowFeedLoad(cache, 'old');
    cache.forget(['post:A']);
    const fresh = await cache.get('feed', async () => value('new', ['post:A']));
    open();
    expect((await slow).label).toBe('old');
    expect(fresh.label).toBe('new');
    expect((await cache.get('feed', async () => value('again'))).label).toBe('new');
  });

  it('keeps a load that was running while an unrelated tag changed', async () => {
    const cache = new TaggedCache<{ label: string }>(10);
    const { loading: slow, open } = await slowFeedLoad(cache, 'loaded');
    cache.forget(['post:Z']);
    open();
    await slow;
    expect((await cache.get('feed', async () => value('reloaded'))).label).toBe('loaded');
  });

  it('does not keep a load that was running when everything was cleared', async () => {
    const cache = new TaggedCache<{ label: string }>(10);
    const { loading: slow, open } = await slowFeedLoad(cache, 'old');
    cache.clear();
    open();
    await slow;
    expect((await cache.get('feed', async () => value('new'))).label).toBe('new');
  });

  it('keeps at most maxEntries values, dropping the oldest and its tags', async () => {
    const cache = new TaggedCache<{ label: string }>(2);
    let loads = 0;
    const load = async () => value(`load ${++loads}`, ['post:A']);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    expect((await cache.get('c', load)).label).toBe('load 3');
    expect((await cache.get('a', load)).label).toBe('load 4');
    cache.forget(['post:A']);
    expect(cache.size).toBe(0);
  });

  it('does not keep a failed load', async () => {
    const cache = new TaggedCache<{ label: string }>(10);
    await expect(
      cache.get('feed', async () => {
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    expect((await cache.get('feed', async () => value('ok'))).label).toBe('ok');
  });

  it('updates a value from the kept one, unless a tag changed meanwhile', async () => {
    const cache = new TaggedCache<Set<string>>(10);
    const tags = ['likes-of:u'];
    await cache.update('u', async () => ({ value: new Set(['A']), tags }));
    const grown = await cache.update('u', async (kept) => ({
      value: new Set([...(kept ?? []), 'B']),
      tags,
    }));
    expect([...grown]).toEqual(['A', 'B']);
    const { promise, open } = gate();
    const racing = cache.update('u', async (kept) => {
      await promise;
      return { value: new Set([...(kept ?? []), 'C']), tags };
    });
    cache.forget(tags);
    open();
    await racing;
    expect(cache.peek('u')).toBeUndefined();
  });
});
