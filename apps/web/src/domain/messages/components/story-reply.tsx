import { directMessageLimits, type ProfileSummary } from '@pinhole/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MentionField } from '@/components/ui/mention-field';
import { errorMessage } from '@/lib/api-client';
import { isRemotePerson, messagePerson } from '@/domain/messages/api/direct';

/**
 * The reply box under someone's story; the story waits while it is in use. The reply names the
 * story (`story_id`), so the thread shows it with the story's thumbnail while it lives, as
 * Instagram does, instead of a line with its address.
 */
export function StoryReply({
  author,
  storyId,
  onActiveChange,
}: {
  author: Pick<ProfileSummary, 'id' | 'username'>;
  storyId: string;
  onActiveChange: (active: boolean) => void;
}) {
  const [text, setText] = useState('');
  const reply = useMutation({
    mutationFn: (written: string) => messagePerson(author.id, { text: written, story_id: storyId }),
    onSuccess: () => setText(''),
  });
  if (isRemotePerson(author)) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '' && !reply.isPending) reply.mutate(text.trim());
  };
  return (
    <form onSubmit={submit} className="pointer-events-auto flex flex-1 flex-col gap-1">
      <div className="flex items-center gap-2">
        {/* A reply is a message: @people and #tags are suggested as in the message box. */}
        <MentionField
          aria-label={`Reply to ${author.username}`}
          placeholder={`Reply to ${author.username}...`}
          value={text}
          maxLength={directMessageLimits.textMaxLength}
          onValueChange={setText}
          onFocus={() => onActiveChange(true)}
          onBlur={() => onActiveChange(false)}
          wrapperClassName="flex flex-1"
          className="h-10 flex-1 rounded-full border border-white/70 bg-transparent px-4 text-sm text-white placeholder:text-white/80"
        />
        <button
          type="submit"
          disabled={text.trim() === '' || reply.isPending}
          className="px-2 text-sm font-semibold text-white disabled:opacity-50"
        >
          Send
        </button>
      </div>
      {reply.isSuccess ? (
        <p role="status" className="text-xs text-white">
          Sent
        </p>
      ) : null}
      {reply.error ? (
        <p role="alert" className="text-xs text-white">
          {errorMessage(reply.error)}
        </p>
      ) : null}
    </form>
  );
}
