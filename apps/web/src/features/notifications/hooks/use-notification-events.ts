import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { refreshUnreadCount, setUnreadCount } from '@/features/notifications/api/unread-count';

export const eventsPath = '/api/events';

/** Opened once the first screen is drawn and the browser has a moment, never in its way. */
const startWithinMs = 3000;
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
 * Keeps the heart's unread count live while someone is signed in, through the server's event
 * stream (`GET /api/events`). Used once, by the heart, so a tab holds one connection; it closes
 * on sign-out (the user id goes) and on leaving the page.
 */
export function useNotificationEvents(userId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let restart: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const connect = () => {
      source = new EventSource(eventsPath);
      // Every (re)connection: what was said while disconnected is lost, so read the count.
      source.addEventListener('open', () => {
        failures = 0;
        refreshUnreadCount(queryClient, userId);
      });
      source.addEventListener('notifications', (event: MessageEvent) => {
        const count = readUnreadCount(event.data);
        if (count !== null) void setUnreadCount(queryClient, userId, count);
      });
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        const delay = restartDelaysMs[Math.min(failures, restartDelaysMs.length - 1)];
        failures += 1;
        restart = setTimeout(connect, delay);
      });
    };

    const cancelStart = whenIdle(connect, startWithinMs);
    return () => {
      cancelStart();
      clearTimeout(restart);
      source?.close();
    };
  }, [queryClient, userId]);
}
