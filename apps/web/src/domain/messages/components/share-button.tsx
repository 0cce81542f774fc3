import { Send } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useAuth } from '@/lib/auth/use-auth';

// The dialog (Radix Dialog, the people picker) loads on demand, as the header's dialogs do: every
// post card shows the paper plane, and most first visits never open it. It is fetched when the
// reader reaches for the button (pointer over it, a touch, or focus), so the tap rarely waits.
const loadSharePostDialog = () => import('./share-post-dialog');
const SharePostDialog = lazy(() =>
  loadSharePostDialog().then((m) => ({ default: m.SharePostDialog })),
);

/** The paper plane under a post: send it to someone in a message (signed out: sign in first). */
export function ShareButton({ postId }: { postId: string }) {
  const signedIn = useAuth().user !== null;
  const promptSignIn = useSignInPrompt();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => {
    if (!signedIn) return;
    void loadSharePostDialog();
  };
  return (
    <>
      <button
        type="button"
        aria-label="Share"
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          if (!signedIn) return promptSignIn();
          setWanted(true);
          setOpen(true);
        }}
        className="rounded-full p-2 transition-transform hover:text-muted active:scale-90"
      >
        <Send aria-hidden className="size-6 text-neutral-900" />
      </button>
      {signedIn && wanted ? (
        <Suspense fallback={null}>
          <SharePostDialog postId={postId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
