import { describe, expect, it } from 'vitest';
import { hashString } from './hash-string';

describe('hashString', () => {
  it('hashes strings stably, differently for different strings', () => {
    expect(hashString('alice')).toBe(hashString('alice'));
    expect(hashString('alice')).not.toBe(hashString('bob'));
  });

  it('is an unsigned 32-bit number', () => {
    for (const text of ['', 'a', 'José', '🙂🙂🙂']) {
      const hash = hashString(text);
      expect(Number.isInteger(hash)).toBe(true);
      expect(hash).toBeGreaterThanOrEqual(0);
      expect(hash).toBeLessThan(2 ** 32);
    }
  });
});
