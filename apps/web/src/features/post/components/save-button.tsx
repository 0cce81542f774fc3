import type { Post } from '@pinhole/contracts';
import { Bookmark } from 'lucide-react';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useAuth } from '@/lib/auth/use-auth';
import { useToggleSave } from '@/features/post/api/toggle-save';

/**
 * The bookmark: keeps the post in the reader's Saved, only ever visible to them. Signed out it
 * asks to sign in when tapped (a greyed-out one with a hover tooltip said nothing on a phone).
 */
export function SaveButton({ post }: { post: Post }) {
  const signedIn = useAuth().user !== null;
  const promptSignIn = useSignInPrompt();
  const { mutate: toggleSave } = useToggleSave();
  const saved = post.saved_by_me;
  return (
    <button
      type="button"
      aria-label="Save"
      aria-pressed={saved}
      onClick={() => (signedIn ? toggleSave({ postId: post.id, saved: !saved }) : promptSignIn())}
      className="-mr-2 ml-auto rounded-full p-2 hover:text-muted active:scale-90"
    >
      <Bookmark aria-hidden className={`size-6 ${saved ? 'fill-neutral-900' : ''}`} />
    </button>
  );
}
