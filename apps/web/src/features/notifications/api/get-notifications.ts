import { limits, type NotificationPage } from '@pinhole/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getNotificationsPage(
  cursor: string | null,
  {
    limit = limits.notificationsDefaultLimit,
    signal,
  }: { limit?: number; signal?: AbortSignal } = {},
): Promise<NotificationPage> {
  try {
    return await apiRequest('notifications', {
      query: { limit, cursor },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading notifications', error);
    throw error;
  }
}

/**
 * The reader's notifications, newest first, a page at a time. Read afresh each time the panel or
 * page opens (what is cached from the last opening shows meanwhile): the badge says there is news.
 */
export function useNotifications(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.notificationList(userId),
    queryFn: ({ pageParam, signal }) => getNotificationsPage(pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    staleTime: 0,
  });
}
