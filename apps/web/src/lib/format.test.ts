import { describe, expect, it } from 'vitest';
import { formatCount, postsCountLabel } from './format';

describe('shared formatters', () => {
  it('write counts as toLocaleString does', () => {
    for (const value of [0, 7, 1234, 1_234_567]) {
      expect(formatCount(value)).toBe(value.toLocaleString());
    }
  });

  it('count posts in the singular for one', () => {
    expect(postsCountLabel(0)).toBe('0 posts');
    expect(postsCountLabel(1)).toBe('1 post');
    expect(postsCountLabel(1234)).toBe(`${(1234).toLocaleString()} posts`);
  });
});
