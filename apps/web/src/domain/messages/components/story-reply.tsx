import { directMessageLimits, pagePaths, type ProfileSummary } from '@pinhole/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { absoluteUrl } from '@/lib/absolute-url';
import { errorMessage } from '@/lib/api-client';
import { isRemotePerson, messagePerson } from '@/domain/messages/api/direct';

/**
 * A story reply as a message: what was written, then a line naming the story with its address,
 * so the author sees which story it answers (the story itself is gone after 24 hours; the text
 * stays readable).
 */
export function storyReplyText(text: string, author: string, storyId: string): string {
  return `${text}\n\nReplying to your story: ${absoluteUrl(pagePaths.story.to(author, storyId))}`;
}

/** The reply box under someone's story; the story waits while it is in use. */
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
    mutationFn: (written: string) =>
      messagePerson(author.id, { text: storyReplyText(written, author.username, storyId) }),
    onSuccess: () => setText(''),
  });
  if (isRemotePerson(author)) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '' && !reply.isPending) reply.mutate(text.trim());
  };
  // Room for the link line within the message limit.
  const maxLength = directMessageLimits.textMaxLength - 200;
  return (
    <form onSubmit={submit} className="pointer-events-auto flex flex-1 flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          aria-label={`Reply to ${author.username}`}
          placeholder={`Reply to ${author.username}...`}
          value={text}
          maxLength={maxLength}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => onActiveChange(true)}
          onBlur={() => onActiveChange(false)}
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
