import { pagePaths } from '@pinhole/contracts';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { opensAsDialog } from '@/lib/overlay-link';
import { usePageLocation } from '@/lib/overlay-location';
import { useUnreadCount } from '@/features/notifications/api/unread-count';
import { HeartButton } from '@/features/notifications/components/heart-button';
import { useNotificationEvents } from '@/features/notifications/hooks/use-notification-events';
import { iconButton } from './icon-button';

// The list, its rows and Radix's dialog load on the first opening, not with the first screen.
const loadPanel = () => import('@/features/notifications/components/notifications-panel');
const NotificationsPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationsPanel })));

/**
 * The header's heart for someone signed in: it opens the notifications in a panel on wide
 * screens and goes to their page on phones. It also holds the tab's one event stream, which
 * keeps its badge current. Loaded once someone is signed in (`NotificationsHeart`).
 */
export function SignedInHeart({ userId }: { userId: string }) {
  useNotificationEvents(userId);
  const count = useUnreadCount(userId);
  const navigate = useNavigate();
  const atPage = usePageLocation().pathname === pagePaths.notifications.to();
  const [open, setOpen] = useState(false);
  // Moving on (a link in it, Back) leaves the panel behind: it closes as the address changes.
  const { key } = useLocation();
  const [shownAt, setShownAt] = useState(key);
  if (shownAt !== key) {
    setShownAt(key);
    setOpen(false);
  }
  // Mounted from the first opening on, then kept (Radix animates open and closed).
  const [panelMounted, setPanelMounted] = useState(false);

  const onClick = () => {
    if (atPage || !opensAsDialog()) {
      void navigate(pagePaths.notifications.to());
      return;
    }
    setPanelMounted(true);
    setOpen(true);
  };

  return (
    <>
      <HeartButton
        count={count}
        active={atPage || open}
        onClick={onClick}
        onIntent={() => void loadPanel()}
        className={iconButton}
      />
      {panelMounted && (
        <Suspense fallback={null}>
          <NotificationsPanel userId={userId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
