import type { Location } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { backgroundOf, overlayState } from './overlay-location';

const at = (pathname: string, state: unknown = null): Location => ({
  pathname,
  search: '',
  hash: '',
  state,
  key: pathname,
});

describe('a post opened over a page', () => {
  it('remembers the page underneath', () => {
    const feed = at('/');
    expect(backgroundOf(at('/p/abc', overlayState(feed)))).toBe(feed);
  });

  it('is a plain address without that state', () => {
    expect(backgroundOf(at('/p/abc'))).toBeUndefined();
    expect(backgroundOf(at('/p/abc', { keepScroll: true }))).toBeUndefined();
  });

  it('is the full page after a reload (history keeps the state, but it is another page load)', () => {
    // What history.state holds after a reload: this shape, written by an earlier page load.
    const fromEarlierLoad = { background: at('/'), document: 'an-earlier-page-load' };
    expect(backgroundOf(at('/p/abc', fromEarlierLoad))).toBeUndefined();
  });
});
