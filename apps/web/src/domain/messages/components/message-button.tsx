import { pagePaths, type ProfileSummary } from '@pinhole/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useAuth } from '@/lib/auth/use-auth';
import {
  isRemotePerson,
  remoteMessagesText,
  startConversation,
} from '@/domain/messages/api/direct';

/**
 * A profile's Message button: opens (or starts) the one-to-one conversation. Someone on another
 * server cannot be written to yet, which it says instead.
 */
export function MessageButton({ person }: { person: Pick<ProfileSummary, 'id' | 'username'> }) {
  const signedIn = useAuth().user !== null;
  const promptSignIn = useSignInPrompt();
  const navigate = useNavigate();
  const [note, setNote] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => startConversation([person.id]),
    onSuccess: (conversation) => void navigate(pagePaths.directThread.to(conversation.id)),
    onError: (error) => setNote(errorMessage(error)),
  });
  const click = () => {
    if (!signedIn) promptSignIn();
    else if (isRemotePerson(person)) setNote(remoteMessagesText);
    else start.mutate();
  };
  return (
    <>
      <button
        type="button"
        onClick={click}
        disabled={start.isPending}
        className="rounded-lg bg-neutral-100 px-4 py-1.5 text-sm font-semibold text-neutral-900 hover:bg-neutral-200 disabled:opacity-50"
      >
        Message
      </button>
      {note ? (
        <p role="status" className="w-full text-sm text-muted">
          {note}
        </p>
      ) : null}
    </>
  );
}
