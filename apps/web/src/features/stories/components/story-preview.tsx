import { useEffect, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useDiscardGuard } from '@/components/ui/discard-guard';
import { useBackCloses } from '@/lib/use-back-closes';

interface StoryPreviewProps {
  file: File;
  onShare: () => void;
  onCancel: () => void;
}

/**
 * The chosen photo as the story will show it (a 9:16 black card, the photo contained), before
 * anything is sent: choosing a file used to share it at once, with no way back.
 */
export function StoryPreview({ file, onShare, onCancel }: StoryPreviewProps) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  // A chosen photo is something held: Back, Escape or a click outside ask "Discard story?";
  // Cancel is itself the choice.
  const { requestDiscard, discardDialog } = useDiscardGuard('story', true, onCancel);
  useBackCloses(true, requestDiscard);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) requestDiscard();
      }}
      title="New story"
    >
      <div className="flex flex-col gap-3 p-4">
        <div className="relative mx-auto aspect-[9/16] h-[min(60dvh,28rem)] overflow-hidden rounded-lg bg-black">
          <img
            src={url}
            alt="Your story preview"
            className="absolute inset-0 size-full object-contain"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onShare}>Share to your story</Button>
        </div>
      </div>
      {discardDialog}
    </Dialog>
  );
}
