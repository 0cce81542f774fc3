import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Toast } from '@/components/ui/toast';
import { noticeOf } from '@/lib/notice';

/**
 * Shows the notice a navigation carried (see `lib/notice.ts`) as a toast, then takes it out of
 * the history entry so that a reload or coming Back does not show it again.
 */
export function RouteNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location.state);
  const { pathname, search, hash } = location;
  const state: unknown = location.state;
  const done = useCallback(() => {
    // The rest of the state stays (a dialog's background page, for one).
    const rest = { ...(typeof state === 'object' ? state : {}), notice: undefined };
    void navigate({ pathname, search, hash }, { replace: true, state: rest });
  }, [navigate, pathname, search, hash, state]);
  if (!notice) return null;
  return <Toast onDone={done}>{notice}</Toast>;
}
