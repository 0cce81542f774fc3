import { messagesEventSchema } from '@pinhole/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { unreadMessagesKey } from './unread-messages';

/**
 * An `event: messages` from `GET /api/events`: the badge takes the new total, and the open lists
 * and threads read again (a new message may be in any of them).
 */
export function applyMessagesEvent(queryClient: QueryClient, data: unknown): void {
  if (typeof data !== 'string') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return;
  }
  const event = messagesEventSchema.safeParse(parsed);
  if (!event.success) return;
  queryClient.setQueryData(unreadMessagesKey, event.data.unread_total);
  void queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === 'messages' && query.queryKey[1] !== unreadMessagesKey[1],
  });
}
