import type { ProfileSummary } from '@pinhole/contracts';
import { directMessageLimits } from '@pinhole/contracts';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { useBackCloses } from '@/lib/use-back-closes';
import { messagePerson } from '@/domain/messages/api/direct';
import { PeoplePicker } from './people-picker';

/**
 * The paper plane's dialog: choose people, add a line if you like, Send; each person gets the
 * post as a message in their one-to-one conversation with you.
 */
export function SharePostDialog({
  postId,
  open,
  onOpenChange,
}: {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [people, setPeople] = useState<ProfileSummary[]>([]);
  const [text, setText] = useState('');
  const share = useExclusiveMutation({
    mutationFn: async () => {
      const note = text.trim();
      for (const person of people)
        await messagePerson(person.id, { post_id: postId, ...(note ? { text: note } : {}) });
    },
  });
  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setPeople([]);
      setText('');
      share.reset();
    }
  };
  // The phone's Back closes the sheet alone; it used to leave the post under it too.
  useBackCloses(open, () => changeOpen(false));
  return (
    <Dialog open={open} onOpenChange={changeOpen} title="Share" widthClass="max-w-md">
      {share.isSuccess ? (
        <p role="status" className="px-6 py-10 text-center text-sm">
          Sent.
        </p>
      ) : (
        <div className="flex flex-col">
          <PeoplePicker chosen={people} onChange={setPeople} />
          <div className="flex flex-col gap-2 border-t border-line p-4">
            {share.error ? <ErrorBox>{errorMessage(share.error)}</ErrorBox> : null}
            <input
              aria-label="Write a message"
              placeholder="Write a message..."
              value={text}
              maxLength={directMessageLimits.textMaxLength}
              onChange={(event) => setText(event.target.value)}
              className="rounded-lg border border-line px-3 py-2 text-sm"
            />
            <Button
              disabled={people.length === 0 || share.isPending}
              onClick={() => share.mutate()}
            >
              Send
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
