import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';

/** What the admin lists read of their TanStack query (an infinite one adds the next page). */
interface ListQuery {
  isPending: boolean;
  error: unknown;
  data: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

interface PagedListStateProps {
  query: ListQuery;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/**
 * Each admin list's loading, failure and empty states, drawn alike, and for a paged list its
 * Load more button (no infinite scroll: the page has several lists).
 */
export function PagedListState({ query, empty, emptyText, children }: PagedListStateProps) {
  if (query.isPending) return <Spinner label="Loading..." className="py-10 text-sm" />;
  if (query.error && query.data === undefined)
    return (
      <LoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (empty) return <p className="py-10 text-center text-sm text-muted">{emptyText}</p>;
  const loading = query.isFetchingNextPage ?? false;
  return (
    <>
      {children}
      {query.hasNextPage && query.fetchNextPage && (
        <button
          type="button"
          onClick={() => void query.fetchNextPage?.()}
          disabled={loading}
          className="self-center py-3 text-sm font-semibold text-brand hover:text-brand-dark disabled:opacity-50"
        >
          {loading ? 'Loading...' : 'Load more'}
        </button>
      )}
    </>
  );
}
