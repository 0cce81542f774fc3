import { endpointPath } from '@pinhole/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { applyMessagesEvent } from '@/domain/messages/messages-event';
import { setUnreadCount } from './get-unread-count';

export const eventsPath = endpointPath('events');

/**
 * EventSource retries a dropped connection by itself, but gives up for good on an answer that is
 * not a stream (a proxy's 502 while the server restarts): then we start again, waiting longer
 * each time up to the last delay.
 */
const restartDelaysMs = [5_000, 15_000, 60_000, 300_000];

/** The `unread_count` of an `event: notifications`, or null for anything else. */
export function readUnreadCount(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null || !('unread_count' in parsed)) return null;
    const count = parsed.unread_count;
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
  } catch {
    return null;
  }
}

/**
 * Follows `GET /api/events` into the cache's unread count until the returned function closes it.
 * Nothing is asked beside it: the server's first event on every (re)connection is the count as it
 * is then, which also makes up for what was said while disconnected. Reading it apart as well
 * (`notifications?limit=1`) was the signed-in home's fifth API call.
 */
export function connectNotificationEvents(queryClient: QueryClient, userId: string): () => void {
  let source: EventSource | null = null;
  let restart: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const connect = () => {
    const current = new EventSource(eventsPath);
    source = current;
    current.addEventListener('open', () => {
      failures = 0;
    });
    current.addEventListener('notifications', (event: MessageEvent) => {
      const count = readUnreadCount(event.data);
      if (count !== null) void setUnreadCount(queryClient, userId, count);
    });
    current.addEventListener('messages', (event: MessageEvent) => {
      applyMessagesEvent(queryClient, event.data);
    });
    current.addEventListener('error', () => {
      if (current.readyState !== EventSource.CLOSED) return;
      const delay = restartDelaysMs[Math.min(failures, restartDelaysMs.length - 1)];
      failures += 1;
      restart = setTimeout(connect, delay);
    });
  };

  connect();
  return () => {
    clearTimeout(restart);
    source?.close();
  };
}
