import { useEffect, useSyncExternalStore } from 'react';
import {
  apiRequest,
  apiUnreachable,
  forgetApiUnreachable,
  onApiReachabilityChange,
} from '@/lib/api-client';

function subscribe(onChange: () => void) {
  const back = () => {
    forgetApiUnreachable();
    onChange();
  };
  window.addEventListener('online', back);
  window.addEventListener('offline', onChange);
  const stopReachability = onApiReachabilityChange(onChange);
  return () => {
    window.removeEventListener('online', back);
    window.removeEventListener('offline', onChange);
    stopReachability();
  };
}

// Both: Chromium leaves `navigator.onLine` true on a page the worker drew offline.
const isOnline = () => navigator.onLine && !apiUnreachable();
// The server draws pages for readers who reached it, so online: hydration then finds no notice.
const onlineOnServer = () => true;

/**
 * Says so while the device has no network: what shows meanwhile is what this device kept from
 * before (the last feed, profiles and posts). It goes by itself when the network comes back, and
 * the queries read afresh then (TanStack Query refetches on reconnect). Fixed over the page's
 * foot, so its coming and going moves nothing on the page.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, isOnline, onlineOnServer);
  const unreachable = !online && navigator.onLine;
  useEffect(() => {
    if (!unreachable) return;
    // Chromium fires no "online" for a page the worker drew offline: ask now and then whether
    // the server answers again (its answer, not the worker's copy, clears the notice).
    const timer = setInterval(() => void apiRequest('session').catch(() => undefined), 3000);
    return () => clearInterval(timer);
  }, [unreachable]);
  if (online) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 bg-neutral-900 px-4 py-3 text-center text-sm font-semibold text-white"
    >
      You&apos;re offline. Showing what you saw last.
    </div>
  );
}
