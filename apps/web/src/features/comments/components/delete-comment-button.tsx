import type { Comment } from '@pinhole/contracts';
import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// The confirmation (Radix Dialog) loads when a reader reaches for the button.
const loadDialog = () => import('./delete-comment-dialog');
const DeleteCommentDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.DeleteCommentDialog })),
);

/** Offered to the comment's author and to the post's author. */
export function DeleteCommentButton({
  comment,
  onDeleted,
}: {
  comment: Comment;
  onDeleted?: (commentId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Delete comment"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="ml-1 inline-flex translate-y-0.5 rounded-full px-1 text-muted hover:text-neutral-900"
      >
        <Ellipsis aria-hidden className="size-4" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <DeleteCommentDialog
            comment={comment}
            open={open}
            onOpenChange={setOpen}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </>
  );
}
