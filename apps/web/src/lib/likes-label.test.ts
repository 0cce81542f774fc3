import { describe, expect, it } from 'vitest';
import { likesLabel } from './likes-label';

describe('likesLabel', () => {
  it('hides the count at 0', () => {
    expect(likesLabel(0)).toBeNull();
  });

  it('follows the spec wording "N likes", in the singular for one', () => {
    expect(likesLabel(1)).toBe('1 like');
    expect(likesLabel(2)).toBe('2 likes');
  });

  it('uses locale thousands separators', () => {
    expect(likesLabel(1234)).toBe(`${(1234).toLocaleString()} likes`);
    expect(likesLabel(1234)).toBe('1,234 likes');
    expect(likesLabel(1_234_567)).toBe('1,234,567 likes');
  });
});
