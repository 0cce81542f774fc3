import { pagePaths, type ProfileSummary } from '@pinhole/contracts';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { startConversation } from '@/domain/messages/api/direct';
import { PeoplePicker } from '@/domain/messages/components/people-picker';

/** The pencil's dialog: choose one person or more, Chat opens (or starts) the conversation. */
export function NewMessageDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [people, setPeople] = useState<ProfileSummary[]>([]);
  const navigate = useNavigate();
  const start = useExclusiveMutation({
    mutationFn: () => startConversation(people.map((person) => person.id)),
    onSuccess: (conversation) => {
      changeOpen(false);
      void navigate(pagePaths.directThread.to(conversation.id));
    },
  });
  function changeOpen(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setPeople([]);
      start.reset();
    }
  }
  return (
    <Dialog open={open} onOpenChange={changeOpen} title="New message" widthClass="max-w-md">
      <PeoplePicker chosen={people} onChange={setPeople} />
      <div className="flex flex-col gap-2 border-t border-line p-4">
        {start.error ? <ErrorBox>{errorMessage(start.error)}</ErrorBox> : null}
        <Button disabled={people.length === 0 || start.isPending} onClick={() => start.mutate()}>
          Chat
        </Button>
      </div>
    </Dialog>
  );
}
