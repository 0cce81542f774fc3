import { useQuery } from '@tanstack/react-query';

/** Conversations with unread messages, as the event stream last said (0 until it says). */
export const unreadMessagesKey = ['messages', 'unread-total'] as const;

/** The paper plane's badge. */
export function useUnreadMessages(): number {
  const { data } = useQuery({
    queryKey: unreadMessagesKey,
    queryFn: () => 0,
    staleTime: Infinity,
    // Only the event stream fills it: nothing to fetch.
    enabled: false,
    initialData: 0,
  });
  return data;
}
