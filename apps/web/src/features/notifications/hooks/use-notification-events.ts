import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '@/lib/when-idle';

/** Opened once the first screen is drawn and the browser has a moment, never in its way. */
const startWithinMs = 3000;

/**
 * Keeps the heart's unread count live while someone is signed in, through the server's event
 * stream (`GET /api/events`). Used once, by the heart, so a tab holds one connection; it closes
 * on sign-out (the user id goes) and on leaving the page. The stream's code is a chunk of its
 * own, fetched at that idle moment: the first screen does not carry it.
 */
export function useNotificationEvents(userId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let stopped = false;
    let close: (() => void) | undefined;
    const cancelStart = whenIdle(() => {
      import('@/features/notifications/api/notification-events')
        .then(({ connectNotificationEvents }) => {
          if (!stopped) close = connectNotificationEvents(queryClient, userId);
        })
        .catch((error: unknown) => console.error('Error loading notifications', error));
    }, startWithinMs);
    return () => {
      stopped = true;
      cancelStart();
      close?.();
    };
  }, [queryClient, userId]);
}
