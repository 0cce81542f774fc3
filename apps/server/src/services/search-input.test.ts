import { describe, expect, it } from 'vitest';
import { hashtagName } from './discovery-lists.service';
import { rankingPeriod, searchWords } from './search.service';

describe('search input', () => {
  it('folds a people search into words, every character but spaces kept as itself', () => {
    expect(searchWords('José  RAMÍREZ')).toEqual(['jose', 'ramirez']);
    expect(searchWords('@ana')).toEqual(['ana']);
    expect(searchWords('%_\\')).toEqual(['%_\\']);
    expect(searchWords("o'brien; --")).toEqual(["o'brien;", '--']);
    expect(searchWords('a\u0000b')).toEqual(['a', 'b']);
    expect(searchWords('@')).toEqual([]);
    expect(searchWords('one two three four five')).toEqual(['one', 'two', 'three', 'four']);
  });

  it('takes a hashtag name from a path as it is stored, or null when it cannot be one', () => {
    expect(hashtagName('#Café')).toBe('café');
    expect(hashtagName('東京')).toBe('東京');
    expect(hashtagName('snake_case_2')).toBe('snake_case_2');
    for (const name of ['#', '', 'two words', '%', 'a-b', '🌅', '\u0000', 'x'.repeat(65)]) {
      expect(hashtagName(name), JSON.stringify(name)).toBeNull();
    }
    expect(hashtagName('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('gives each kept search a one-minute period of its own, so they do not all expire at once', () => {
    const start = Date.UTC(2026, 10, 26, 12, 0, 0);
    const keys = Array.from({ length: 200 }, (_, i) => `query ${i}`);
    // Where, within one minute, each key's period changes.
    const changesAt = keys.map((key) => {
      const first = rankingPeriod(key, start);
      for (let second = 1; second <= 60; second++) {
        if (rankingPeriod(key, start + second * 1000) !== first) return second;
      }
      return null;
    });
    // Every key moves on exactly once a minute...
    expect(changesAt.every((second) => second !== null)).toBe(true);
    for (const key of keys.slice(0, 5)) {
      expect(rankingPeriod(key, start + 60_000)).toBe(rankingPeriod(key, start) + 1);
    }
    // ...but not together: no second of the minute holds more than a tenth of them.
    const perSecond = new Map<number, number>();
    for (const second of changesAt) perSecond.set(second!, (perSecond.get(second!) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(20);
    expect(perSecond.size).toBeGreaterThan(40);
  });
});
