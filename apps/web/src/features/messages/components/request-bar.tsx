import { pagePaths } from '@pinhole/contracts';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useAcceptRequest, useLeaveConversation } from '@/features/messages/api/conversations';

/** Under a request: they will not know you saw it until you accept. */
export function RequestBar({ conversationId, from }: { conversationId: string; from: string }) {
  const accept = useAcceptRequest(conversationId);
  const leave = useLeaveConversation(conversationId);
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-center gap-3 border-t border-line p-4 text-center">
      <p className="text-sm">
        <span className="font-semibold">{from}</span> wants to send you a message. Accept to reply;
        delete to remove the request.
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => void navigate(pagePaths.directRequests.to()),
            })
          }
        >
          Delete
        </Button>
        <Button
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(undefined, {
              onSuccess: () => void navigate(pagePaths.directThread.to(conversationId)),
            })
          }
        >
          Accept
        </Button>
      </div>
    </div>
  );
}
