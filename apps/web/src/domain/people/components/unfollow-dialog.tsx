import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface UnfollowDialogProps {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUnfollow: () => void;
}

/** Instagram asks before an unfollow: one slip of the thumb should not cut someone off. */
export function UnfollowDialog({ username, open, onOpenChange, onUnfollow }: UnfollowDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Unfollow @${username}?`}
      confirmLabel="Unfollow"
      // The dialog closes as the unfollow starts (the button changes at once), so it is never busy.
      busyLabel="Unfollow"
      onConfirm={() => {
        onUnfollow();
        onOpenChange(false);
      }}
    />
  );
}
