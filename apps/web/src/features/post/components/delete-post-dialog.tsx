import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { useDeletePost } from '@/features/post/api/delete-post';

interface DeletePostDialogProps {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the post is gone: its own page leaves (a list simply no longer shows it). */
  onDeleted?: () => void;
}

export function DeletePostDialog({ postId, open, onOpenChange, onDeleted }: DeletePostDialogProps) {
  const { mutate, isPending, error, reset } = useDeletePost();
  const done = () => {
    onOpenChange(false);
    onDeleted?.();
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Delete post?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={isPending}
      // Already gone (deleted twice, or from another tab) is what was asked for: no error.
      error={error && !isNotFound(error) ? errorMessage(error) : null}
      onConfirm={() =>
        mutate(postId, {
          onSuccess: done,
          onError: (failure) => isNotFound(failure) && done(),
        })
      }
    >
      Its photos, likes and comments will be deleted too. This can&apos;t be undone.
    </ConfirmDialog>
  );
}
