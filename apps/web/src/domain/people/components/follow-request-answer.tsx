import type { ProfileSummary } from '@pinhole/contracts';
import { Button } from '@/components/ui/button';
import { useAnswerRequest } from '@/domain/people/api/follow-requests';

interface FollowRequestAnswerProps {
  person: ProfileSummary;
  /**
   * The refusal's word: Delete on a notification (named "Delete <name>'s request", so it is not
   * heard as deleting the person), Decline in the settings' list of requests.
   */
  decline?: 'Delete' | 'Decline';
}

/** Answers a follow request: Approve makes the follow, the other button drops the request. */
export function FollowRequestAnswer({ person, decline = 'Delete' }: FollowRequestAnswerProps) {
  const { mutate: answer, isPending } = useAnswerRequest();
  return (
    <div className="flex shrink-0 gap-2">
      <Button
        disabled={isPending}
        aria-label={`Approve ${person.username}`}
        onClick={() => answer({ profileId: person.id, approve: true })}
      >
        Approve
      </Button>
      <Button
        variant="secondary"
        disabled={isPending}
        aria-label={
          decline === 'Delete'
            ? `Delete ${person.username}'s request`
            : `Decline ${person.username}`
        }
        onClick={() => answer({ profileId: person.id, approve: false })}
      >
        {decline}
      </Button>
    </div>
  );
}
