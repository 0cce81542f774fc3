import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';

interface PagedListStateProps {
  isPending: boolean;
  error: unknown;
  hasData: boolean;
  refetch: () => unknown;
  isFetching: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** Each admin list's loading, failure and empty states, drawn alike. */
export function PagedListState({
  isPending,
  error,
  hasData,
  refetch,
  isFetching,
  empty,
  emptyText,
  children,
}: PagedListStateProps) {
  if (isPending) return <Spinner label="Loading..." className="py-10 text-sm" />;
  if (error && !hasData)
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (empty) return <p className="py-10 text-center text-sm text-muted">{emptyText}</p>;
  return <>{children}</>;
}

/** A Load more button for the admin's lists (no infinite scroll: the page has several lists). */
export function LoadMoreButton({
  show,
  loading,
  onClick,
}: {
  show: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  if (!show) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={loading}
      className="self-center py-3 text-sm font-semibold text-brand hover:text-brand-dark disabled:opacity-50"
    >
      {loading ? 'Loading...' : 'Load more'}
    </button>
  );
}
