import { useEffect, useState } from 'react';
import type { OfflineNotice } from './offline-notice';

/**
 * The offline notice, loaded once the app has started: the server draws pages for readers who
 * reached it (online), so the first screen needs none, and the first script keeps its budget.
 */
export function OfflineNoticeLater() {
  const [Notice, setNotice] = useState<typeof OfflineNotice | null>(null);
  useEffect(() => {
    let current = true;
    import('./offline-notice')
      .then((module) => {
        if (current) setNotice(() => module.OfflineNotice);
      })
      .catch((error: unknown) => console.error('Error loading the offline notice', error));
    return () => {
      current = false;
    };
  }, []);
  return Notice ? <Notice /> : null;
}
