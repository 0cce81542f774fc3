import type { Post } from '@pinhole/contracts';
import { Bookmark } from 'lucide-react';
import { useAuth } from '@/lib/auth/use-auth';
import { useToggleSave } from '@/features/post/api/toggle-save';

/** The bookmark: keeps the post in the reader's Saved, only ever visible to them. */
export function SaveButton({ post }: { post: Post }) {
  const signedIn = useAuth().user !== null;
  const { mutate: toggleSave } = useToggleSave();
  const saved = post.saved_by_me;
  return (
    <button
      type="button"
      aria-label="Save"
      aria-pressed={saved}
      disabled={!signedIn}
      title={signedIn ? undefined : 'Sign in to save posts'}
      onClick={() => toggleSave({ postId: post.id, saved: !saved })}
      className="-mr-2 ml-auto rounded-full p-2 hover:text-muted active:scale-90 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <Bookmark aria-hidden className={`size-6 ${saved ? 'fill-neutral-900' : ''}`} />
    </button>
  );
}
