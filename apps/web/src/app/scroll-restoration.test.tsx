import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { overlayState } from '@/lib/overlay-location';
import { routerFuture } from '@/lib/router-future';
import { keepScroll } from '@/lib/scroll-state';
import { useScrollRestoration } from './scroll-restoration';

let navigate: NavigateFunction;
let currentLocation: ReturnType<typeof useLocation>;

function Harness() {
  useScrollRestoration();
  const navigateHere = useNavigate();
  const location = useLocation();
  useEffect(() => {
    navigate = navigateHere;
    currentLocation = location;
  });
  return null;
}

/** The window as jsdom lacks it: a scroll position and a page height the test sets. */
const page = { scrollY: 0, height: 10_000 };
const scrollTo = vi.fn((_x: number, y: number) => {
  page.scrollY = y;
});

function scrollBy(reader: number) {
  page.scrollY = reader;
  window.dispatchEvent(new Event('scroll'));
}

describe('scroll restoration', () => {
  beforeEach(() => {
    page.scrollY = 0;
    page.height = 10_000;
    scrollTo.mockClear();
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => page.scrollY);
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(() => page.height);
    vi.stubGlobal('scrollTo', scrollTo);
    render(
      <MemoryRouter initialEntries={['/']} future={routerFuture}>
        <Harness />
      </MemoryRouter>,
    );
  });

  it('starts a new page at the top and takes the reader back to where they were on Back', () => {
    scrollBy(2400);
    act(() => navigate('/bob'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollBy(300);
    act(() => navigate(-1));
    expect(currentLocation.pathname).toBe('/');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 2400);
    act(() => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it('waits for the page to grow tall enough (pages drawn from the cache in slices)', async () => {
    scrollBy(2400);
    act(() => navigate('/bob'));
    page.height = 1200;
    act(() => navigate(-1));
    expect(scrollTo).not.toHaveBeenLastCalledWith(0, 2400);
    page.height = 6000;
    await vi.waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 2400));
  });

  it('gives way to the reader scrolling meanwhile', async () => {
    scrollBy(2400);
    act(() => navigate('/bob'));
    page.height = 1200;
    act(() => navigate(-1));
    window.dispatchEvent(new Event('wheel'));
    page.height = 6000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(scrollTo).not.toHaveBeenCalledWith(0, 2400);
  });

  it('leaves the page where it is for a tab of the same page and for a post opened over it', () => {
    scrollBy(900);
    act(() => navigate('/bob/tagged', { state: keepScroll }));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate('/p/abc', { state: overlayState(currentLocation) }));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate(-1));
    expect(scrollTo).not.toHaveBeenCalledWith(0, 0);
  });
});
