import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setUnreadCount } from './get-unread-count';

export function markAllRead(): Promise<void> {
  return apiRequest('markNotificationsRead');
}

/**
 * Marks every notification read (opening the panel or the page does). The badge clears at once;
 * if the server refuses, the caller reads the count again (see `NotificationsView`).
 */
export function useMarkAllRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: () => setUnreadCount(queryClient, userId, 0),
    onError: (error) => {
      console.error('Error marking notifications read', error);
    },
  });
}
