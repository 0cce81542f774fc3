import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { getNotificationsPage } from './get-notifications';

/**
 * The number on the heart. There is no call of its own: the list's first page carries it, and a
 * page of one notification is the cheapest way to ask.
 */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const page = await getNotificationsPage(null, { limit: 1, signal });
  return page.unread_count;
}

/**
 * Reads the count from the server into the cache: when the event stream (re)connects, since
 * whatever it said while disconnected was missed. A failure keeps the last count (and is logged
 * by the fetcher); an event that overtook the read cancels it (see `setUnreadCount`).
 */
export function refreshUnreadCount(queryClient: QueryClient, userId: string): void {
  queryClient
    .fetchQuery({
      queryKey: queryKeys.unreadNotifications(userId),
      queryFn: ({ signal }) => getUnreadCount(signal),
      staleTime: 0,
    })
    .catch(() => undefined);
}

/**
 * Sets the count as an event (or marking all read) says it is now. A read of the count still under
 * way would answer from before this moment, so it is cancelled first.
 */
export async function setUnreadCount(
  queryClient: QueryClient,
  userId: string,
  count: number,
): Promise<void> {
  const queryKey = queryKeys.unreadNotifications(userId);
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, count);
}
