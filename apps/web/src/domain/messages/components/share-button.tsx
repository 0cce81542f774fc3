import { Send } from 'lucide-react';
import { useState } from 'react';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useAuth } from '@/lib/auth/use-auth';
import { SharePostDialog } from './share-post-dialog';

/** The paper plane under a post: send it to someone in a message (signed out: sign in first). */
export function ShareButton({ postId }: { postId: string }) {
  const signedIn = useAuth().user !== null;
  const promptSignIn = useSignInPrompt();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Share"
        onClick={() => (signedIn ? setOpen(true) : promptSignIn())}
        className="rounded-full p-2 transition-transform hover:text-muted active:scale-90"
      >
        <Send aria-hidden className="size-6 text-neutral-900" />
      </button>
      {signedIn ? <SharePostDialog postId={postId} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
