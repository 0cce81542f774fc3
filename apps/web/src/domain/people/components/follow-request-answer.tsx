import type { ProfileSummary } from '@pinhole/contracts';
import { Button } from '@/components/ui/button';
import { useAnswerRequest } from '@/domain/people/api/follow-requests';

/** A follow request's notification: Approve makes the follow, Delete drops the request. */
export function FollowRequestAnswer({ person }: { person: ProfileSummary }) {
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
        aria-label={`Delete ${person.username}'s request`}
        onClick={() => answer({ profileId: person.id, approve: false })}
      >
        Delete
      </Button>
    </div>
  );
}
