import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useSetFollow, type FollowState } from '@/domain/people/api/set-follow';

// Radix's dialog stays out of the home's first script: it loads on the first unfollow.
const UnfollowDialog = lazy(() =>
  import('./unfollow-dialog').then((m) => ({ default: m.UnfollowDialog })),
);

export interface FollowTarget {
  id: string;
  username: string;
  followed_by_me: boolean;
  requested_by_me?: boolean;
  is_remote?: boolean;
}

export function followStateOf(person: FollowTarget): FollowState {
  if (person.followed_by_me) return 'following';
  return person.requested_by_me ? 'requested' : 'none';
}

const labels: Record<FollowState, string> = {
  none: 'Follow',
  following: 'Following',
  requested: 'Requested',
};

interface FollowButtonProps {
  person: FollowTarget;
  /** `button` on a profile, `link` (blue text) in the compact lists of the sidebar. */
  look?: 'button' | 'link';
  /** After the server agreed to a follow or an unfollow (the empty feed reads itself again). */
  onFollowChange?: () => void;
  /** What Follow says: `Follow back` to someone who follows the reader (a notification). */
  followLabel?: string;
}

/**
 * Follow / Following / Requested. Following asks before unfollowing; Requested withdraws the
 * request; signed out, the click opens the sign-in dialog instead.
 */
export function FollowButton({
  person,
  look = 'button',
  onFollowChange,
  followLabel = labels.none,
}: FollowButtonProps) {
  const signedIn = useAuth().user !== null;
  const promptSignIn = useSignInPrompt();
  const { mutate } = useSetFollow();
  const [confirming, setConfirming] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  const state = followStateOf(person);
  const label = state === 'none' ? followLabel : labels[state];

  const onClick = () => {
    if (!signedIn) return promptSignIn();
    if (state === 'following') {
      setDialogMounted(true);
      setConfirming(true);
      return;
    }
    mutate(
      { profileId: person.id, from: state, remote: person.is_remote === true },
      { onSuccess: onFollowChange },
    );
  };

  const variant = look === 'link' ? 'link' : state === 'none' ? 'primary' : 'secondary';
  return (
    <>
      <Button
        variant={variant}
        aria-label={`${label} ${person.username}`}
        data-state={state}
        onClick={onClick}
        className={
          look === 'link' ? (state === 'none' ? 'text-xs!' : 'text-xs! text-neutral-900!') : ''
        }
      >
        {label}
      </Button>
      {dialogMounted && (
        <Suspense fallback={null}>
          <UnfollowDialog
            username={person.username}
            open={confirming}
            onOpenChange={setConfirming}
            onUnfollow={() =>
              mutate({ profileId: person.id, from: 'following' }, { onSuccess: onFollowChange })
            }
          />
        </Suspense>
      )}
    </>
  );
}
