import type { Comment } from '@pinhole/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { useDeleteComment } from '@/features/comments/api/delete-comment';

interface DeleteCommentDialogProps {
  comment: Comment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (commentId: string) => void;
}

export function DeleteCommentDialog({
  comment,
  open,
  onOpenChange,
  onDeleted,
}: DeleteCommentDialogProps) {
  const { mutate, isPending, error, reset } = useDeleteComment(comment);
  const done = () => {
    onOpenChange(false);
    onDeleted?.(comment.id);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Delete comment?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={isPending}
      error={error && !isNotFound(error) ? errorMessage(error) : null}
      onConfirm={() =>
        mutate(undefined, {
          onSuccess: done,
          onError: (failure) => isNotFound(failure) && done(),
        })
      }
    />
  );
}
