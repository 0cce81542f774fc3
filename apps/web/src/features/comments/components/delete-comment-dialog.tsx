import type { Comment } from '@pinhole/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
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
  return (
    <ConfirmDeleteDialog
      title="Delete comment?"
      open={open}
      onOpenChange={onOpenChange}
      deletion={useDeleteComment(comment)}
      variables={undefined}
      onDeleted={() => onDeleted?.(comment.id)}
    />
  );
}
