import type { MessagesEvent } from '@pinhole/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { unreadMessagesKey } from './unread-messages';

/**
 * The event as the contracts' `messagesEventSchema` describes it, or null. Checked by hand, as
 * `readUnreadCount` checks the notifications' event: every signed-in page opens the stream as it
 * starts, and the schema brought zod and the messages' schemas (90 KB) into that start.
 */
export function readMessagesEvent(parsed: unknown): MessagesEvent | null {
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { conversation_id: conversationId, unread_total: unreadTotal } = parsed as Record<
    string,
    unknown
  >;
  if (conversationId !== null && typeof conversationId !== 'string') return null;
  if (typeof unreadTotal !== 'number' || !Number.isInteger(unreadTotal)) return null;
  return { conversation_id: conversationId, unread_total: unreadTotal };
}

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
  const event = readMessagesEvent(parsed);
  if (!event) return;
  queryClient.setQueryData(unreadMessagesKey, event.unread_total);
  void queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === 'messages' && query.queryKey[1] !== unreadMessagesKey[1],
  });
}
