import { describe, expect, it } from 'vitest';
import { isSameOriginUrl } from './image-sources';

describe('isSameOriginUrl', () => {
  it('accepts paths on this origin and refuses other hosts', () => {
    expect(isSameOriginUrl('/storage/a.jpg')).toBe(true);
    expect(isSameOriginUrl(`${window.location.origin}/storage/a.jpg`)).toBe(true);
    expect(isSameOriginUrl('https://tracker.example/pixel.gif')).toBe(false);
    expect(isSameOriginUrl(null)).toBe(false);
    expect(isSameOriginUrl('')).toBe(false);
  });
});
