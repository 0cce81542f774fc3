import { Dialog } from '@/components/ui/dialog';

interface UnfollowDialogProps {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUnfollow: () => void;
}

/** Instagram asks before an unfollow: one slip of the thumb should not cut someone off. */
export function UnfollowDialog({ username, open, onOpenChange, onUnfollow }: UnfollowDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Unfollow @${username}?`}>
      <div className="flex flex-col text-sm">
        <button
          type="button"
          onClick={() => {
            onUnfollow();
            onOpenChange(false);
          }}
          className="border-b border-line py-3.5 font-semibold text-like hover:bg-neutral-50"
        >
          Unfollow
        </button>
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="py-3.5 hover:bg-neutral-50"
        >
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
