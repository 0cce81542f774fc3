import type { InfiniteData } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { LoadError } from './load-error';
import { LoadMore } from './load-more';
import { Spinner } from './spinner';

/** What a paged list needs of an infinite query (`useInfiniteQuery`'s result). */
export interface PagedQuery<TPage> {
  data: InfiniteData<TPage> | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

interface PagedListProps<TPage> {
  query: PagedQuery<TPage>;
  /** The loading spinner's classes (where it sits in its container). */
  spinnerClassName?: string;
  /** Draws the pages read; `more` is the next page's loader, or null when there is none. */
  children: (pages: TPage[], more: ReactNode) => ReactNode;
}

/**
 * A list read a page at a time (people, notifications): a spinner while the first page loads,
 * its error with a retry, then the caller's rows with the loader of the next page.
 */
export function PagedList<TPage>({
  query,
  spinnerClassName = 'py-10 text-sm',
  children,
}: PagedListProps<TPage>) {
  const { data, error, isPending, isFetching, hasNextPage, isFetchingNextPage } = query;
  const { fetchNextPage, refetch } = query;
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  if (isPending) return <Spinner label="Loading..." className={spinnerClassName} />;
  if (error && !data)
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!data) return null;
  const more = hasNextPage ? <LoadMore loading={isFetchingNextPage} onLoadMore={loadMore} /> : null;
  return children(data.pages, more);
}
