import type { Profile } from '@pinhole/contracts';
import { Ban } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSetBlock } from '@/features/safety/api/blocks';

/**
 * What the profile of someone the reader blocked shows instead of its tabs, as Instagram does:
 * the server answers their posts 404 to the blocker, and "No Posts Yet" would be untrue. Unblock
 * clears the flag in every cached profile (useSetBlock), so the page turns into the usual profile,
 * posts and Follow button included, without a reload.
 */
export function BlockedProfileNotice({ profile }: { profile: Profile }) {
  const unblock = useSetBlock();
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-neutral-900">
        <Ban aria-hidden className="size-8" strokeWidth={1.5} />
      </span>
      <h2 className="text-2xl font-extrabold">You blocked @{profile.username}</h2>
      <p className="text-sm text-neutral-700">
        They can&apos;t find your profile, posts or story, and you don&apos;t see theirs.
      </p>
      <Button
        variant="primary"
        disabled={unblock.isPending}
        onClick={() => unblock.mutate({ profileId: profile.id, block: false })}
      >
        {unblock.isPending ? 'Unblocking...' : 'Unblock'}
      </Button>
      {unblock.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(unblock.error)}
        </p>
      )}
    </div>
  );
}
