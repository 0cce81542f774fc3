import type { Post } from '@pinhole/contracts';
import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useAuth } from '@/lib/auth/use-auth';

// Radix Dialog (and the toast) are not part of the first screen: they load when the reader
// reaches for the button.
const loadOptionsDialog = () => import('./post-options-dialog');
const PostOptionsDialog = lazy(() =>
  loadOptionsDialog().then((m) => ({ default: m.PostOptionsDialog })),
);

interface PostOptionsProps {
  post: Post;
  /** After the author deleted the post from here (its page then leaves). */
  onDeleted?: () => void;
  /** Drawn on the post's own page, where "Go to post" would go nowhere. */
  onItsPage?: boolean;
}

/** The "…" button of a post and what it opens: Go to post, Copy link; Edit and Delete for its author. */
export function PostOptions({ post, onDeleted, onItsPage = false }: PostOptionsProps) {
  const readerId = useAuth().user?.id;
  const own = readerId === post.user_id;
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, then kept (Radix animates open and closed).
  const [mounted, setMounted] = useState(false);

  return (
    <>
      <button
        type="button"
        aria-label="More options"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadOptionsDialog()}
        onFocus={() => void loadOptionsDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="-mr-2 ml-auto rounded-full p-2 text-neutral-900 hover:text-muted"
      >
        <Ellipsis aria-hidden className="size-5" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <PostOptionsDialog
            post={post}
            own={own}
            canReport={readerId !== undefined && !own}
            open={open}
            onOpenChange={setOpen}
            onDeleted={onDeleted}
            goToPost={!onItsPage}
          />
        </Suspense>
      )}
    </>
  );
}
