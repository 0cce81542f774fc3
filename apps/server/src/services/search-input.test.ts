import { describe, expect, it } from 'vitest';
import { hashtagName } from './discovery-lists.service';
import { searchWords } from './search.service';

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
});
