import { NotificationsPanel as Panel } from '@/features/notifications/components/notifications-panel';
import { renderFollowBack } from './follow-back';
import { renderRequestAnswer } from './follow-request-answer';

interface NotificationsPanelProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The heart's panel with the follows and privacy features' buttons composed in (a chunk of its own). */
export function NotificationsPanel(props: NotificationsPanelProps) {
  return (
    <Panel {...props} renderFollow={renderFollowBack} renderRequestAnswer={renderRequestAnswer} />
  );
}
