import { NotificationsPanel as Panel } from '@/features/notifications/components/notifications-panel';
import { renderFollowBack } from './follow-back';

interface NotificationsPanelProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The heart's panel with the follows feature's button composed in (a chunk of its own). */
export function NotificationsPanel(props: NotificationsPanelProps) {
  return <Panel {...props} renderFollow={renderFollowBack} />;
}
