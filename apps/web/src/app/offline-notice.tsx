import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
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
