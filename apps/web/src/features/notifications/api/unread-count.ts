import { skipToken, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * The badge's count, 0 until known. Never fetched by reading it: the event stream and the
 * notifications list keep it (see `useNotificationEvents`), and nobody asks while signed out.
 * Apart from its fetcher (`get-unread-count.ts`), which the first screen does not need.
 */
export function useUnreadCount(userId: string | null): number {
  const { data } = useQuery<number>({
    queryKey: queryKeys.unreadNotifications(userId ?? ''),
    queryFn: skipToken,
    enabled: userId !== null,
  });
  return userId === null ? 0 : (data ?? 0);
}
