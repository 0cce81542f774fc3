import { messages } from '@pinhole/contracts';
import { Camera } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * What a private account's tabs show to someone who does not follow it, as Instagram does: the
 * server answers its lists 403 for them, and "No Posts Yet" beside a count of posts would be
 * untrue.
 */
export function PrivateAccountNotice({ requested }: { requested: boolean }) {
  return (
    <EmptyState
      icon={Camera}
      title={messages.accountPrivate}
      text={
        requested
          ? 'Your request to see their photos awaits approval.'
          : 'Follow this account to see their photos.'
      }
    />
  );
}
