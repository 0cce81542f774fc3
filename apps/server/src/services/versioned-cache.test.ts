import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

const page = (label: string) => ({ label });

/** A cache whose content version the test moves by hand. */
function cacheWithVersion(maxEntries = 100) {
  const state = { version: 'v1' };
  const inner = new VersionedCache<{ label: string }>(maxEntries);
  const cache = {
    get: (key: string, load: () => Promise<{ label: string }>) =>
      inner.get(state.version, key, load),
  };
  return { cache, state };
}

describe('VersionedCache', () => {
  it('reuses a page while the version stays the same, and reloads once it changes', async () => {
    const { cache, state } = cacheWithVersion();
    let loads = 0;
    const load = async () => page(`load ${++loads}`);
    expect((await cache.get('feed', load)).label).toBe('load 1');
    expect((await cache.get('feed', load)).label).toBe('load 1');
    state.version = 'v2';
    expect((await cache.get('feed', load)).label).toBe('load 2');
    expect(loads).toBe(2);
  });

  it('loads a page once for concurrent readers', async () => {
    const { cache } = cacheWithVersion();
    let loads = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return page('shared');
    };
    const readers = Promise.all([cache.get('feed', load), cache.get('feed', load)]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    const [first, second] = await readers;
    expect(first).toBe(second);
    expect(loads).toBe(1);
  });

  it('does not keep a page that finished loading after the data changed', async () => {
    const { cache, state } = cacheWithVersion();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.get('feed', async () => {
      await gate;
      return page('old');
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    state.version = 'v2';
    const fresh = await cache.get('feed', async () => page('new'));
    release();
    expect((await slow).label).toBe('old');
    expect(fresh.label).toBe('new');
    expect((await cache.get('feed', async () => page('again'))).label).toBe('new');
  });

  it('keeps at most maxEntries values, dropping the oldest', async () => {
    const { cache } = cacheWithVersion(2);
    let loads = 0;
    const load = async () => page(`load ${++loads}`);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect((await cache.get('c', load)).label).toBe('load 3');
    expect((await cache.get('a', load)).label).toBe('load 4');
  });

  it('does not keep a failed load', async () => {
    const { cache } = cacheWithVersion();
    await expect(
      cache.get('feed', async () => {
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    expect((await cache.get('feed', async () => page('ok'))).label).toBe('ok');
  });
});
