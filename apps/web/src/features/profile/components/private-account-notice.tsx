import { messages } from '@pinhole/contracts';
import { Lock } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * What a private account's tabs show to someone who does not follow it, as Instagram does: the
 * server answers its lists 403 for them, and "No Posts Yet" beside a count of posts would be
 * untrue.
 */
export function PrivateAccountNotice({ requested }: { requested: boolean }) {
  return (
    <EmptyState
      icon={Lock}
      title={messages.accountPrivate}
      text={
        requested
          ? 'You asked to follow this account. Once they approve, you will see their photos.'
          : 'Follow this account to see their photos.'
      }
    />
  );
}
