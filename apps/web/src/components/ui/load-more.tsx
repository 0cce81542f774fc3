import { useEffect, useRef } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

interface LoadMoreProps {
  loading: boolean;
  onLoadMore: () => void;
  /** How far below the screen the reader may still be when `onLoadMore` is called. */
  reach?: string;
}

/**
 * Asks for the next page when the reader nears the end of the list, well before it shows (the
 * observer's margin), so scrolling rarely meets the end. The Load more button stays for
 * keyboards: hidden until it has focus, and always shown where IntersectionObserver is missing.
 */
export function LoadMore({ loading, onLoadMore, reach = '800px' }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  // The server draws what a browser with IntersectionObserver (any current one) draws, so the
  // hydrated page matches the HTML.
  const observable = typeof window === 'undefined' || typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !observable || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: `${reach} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [observable, loading, onLoadMore, reach]);

  // Waiting for the reader, the sentinel has no height: posts drawn above it while it is on
  // screen would otherwise push a visible box down, a layout shift.
  const waiting = observable && !loading;
  return (
    // A new element once the page has come: the spinner's box goes, and nothing on screen is
    // pushed down by the posts drawn where it was.
    <div
      key={loading ? 'loading' : 'waiting'}
      ref={sentinel}
      className={`flex items-center justify-center ${waiting ? 'focus-within:py-4' : 'min-h-12 py-4'}`}
    >
      {loading ? (
        <Spinner />
      ) : (
        <Button
          variant="secondary"
          onClick={onLoadMore}
          className={observable ? 'sr-only focus:not-sr-only' : ''}
        >
          Load more
        </Button>
      )}
    </div>
  );
}
