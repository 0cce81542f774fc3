import { useEffect, useRef } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

interface LoadMoreProps {
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * Asks for the next page when the reader nears the end of the list, well before it shows (the
 * observer's margin), so scrolling rarely meets the end. The Load more button stays for
 * keyboards: hidden until it has focus, and always shown where IntersectionObserver is missing.
 */
export function LoadMore({ loading, onLoadMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const observable = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !observable || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [observable, loading, onLoadMore]);

  return (
    <div ref={sentinel} className="flex min-h-12 items-center justify-center py-4">
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
