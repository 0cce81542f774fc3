import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { useDeletePost } from '@/features/post/api/delete-post';

interface DeletePostDialogProps {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the post is gone: its own page leaves (a list simply no longer shows it). */
  onDeleted?: () => void;
}

export function DeletePostDialog({ postId, open, onOpenChange, onDeleted }: DeletePostDialogProps) {
  return (
    <ConfirmDeleteDialog
      title="Delete post?"
      open={open}
      onOpenChange={onOpenChange}
      deletion={useDeletePost()}
      variables={postId}
      onDeleted={onDeleted}
    >
      Its photos, likes and comments will be deleted too. This can&apos;t be undone.
    </ConfirmDeleteDialog>
  );
}
