import type { PhotoEdit } from '@pinhole/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useDiscardGuard } from '@/components/ui/discard-guard';
import { CropStep } from '@/domain/studio/components/crop-step';
import { EditStep } from '@/domain/studio/components/edit-step';
import { StudioCanvas } from '@/domain/studio/components/studio-canvas';
import { choicesFor, colourEditOf, cropShown, photoEditOf } from '@/domain/studio/lib/studio-state';
import { usePreviewCopy } from '@/domain/studio/lib/use-preview-copy';
import { useStudio } from '@/domain/studio/lib/use-studio';
import { useBackCloses } from '@/lib/use-back-closes';
import { videosSkipStudio } from '@/components/video/video-words';

interface StoryPreviewProps {
  file: File;
  /** A video: shown as it will play, without the studio (crop and filters are for photos). */
  video?: boolean;
  /** The studio's edit of the photo, null when nothing was changed. */
  onShare: (edit: PhotoEdit | null) => void;
  onCancel: () => void;
}

type Step = 'crop' | 'edit' | 'preview';
const photoId = 'story';

/** The chosen photo through the studio, or the chosen video as it is, before anything is sent. */
export function StoryPreview({ video = false, ...props }: StoryPreviewProps) {
  return video ? <VideoStoryPreview {...props} /> : <PhotoStoryPreview {...props} />;
}

/**
 * The chosen photo through the studio (crop, then filters and adjustments), then as the story
 * will show it (a 9:16 black card, the photo contained), before anything is sent.
 */
function PhotoStoryPreview({ file, onShare, onCancel }: StoryPreviewProps) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  // A chosen photo is something held: Back, Escape or a click outside ask "Discard story?";
  // Cancel is itself the choice.
  const { requestDiscard, discardDialog } = useDiscardGuard('story', true, onCancel);
  useBackCloses(true, requestDiscard);
  const [step, setStep] = useState<Step>('crop');
  const studio = useStudio();
  const photos = useMemo(() => [{ id: photoId, file, previewUrl: url }], [file, url]);
  const source = usePreviewCopy(file);
  const choices = choicesFor(studio.studio, photoId);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) requestDiscard();
      }}
      title="New story"
    >
      <div className="flex flex-col gap-3 p-4">
        {step === 'crop' && (
          <CropStep photos={photos} selectedId={photoId} onSelect={() => {}} studio={studio} />
        )}
        {step === 'edit' && (
          <EditStep photos={photos} selectedId={photoId} onSelect={() => {}} studio={studio} />
        )}
        {step === 'preview' && (
          <div className="relative mx-auto flex aspect-[9/16] h-[min(60dvh,28rem)] items-center justify-center overflow-hidden rounded-lg bg-black">
            {source ? (
              <StudioCanvas
                source={source}
                crop={cropShown(studio.studio, photoId, photoId)}
                edit={colourEditOf(choices)}
                label="Your story preview"
                className="max-h-full max-w-full"
              />
            ) : (
              <img
                src={url}
                alt="Your story preview"
                className="absolute inset-0 size-full object-contain"
              />
            )}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} className="mr-auto">
            Cancel
          </Button>
          {step !== 'crop' && (
            <Button
              variant="secondary"
              onClick={() => setStep(step === 'preview' ? 'edit' : 'crop')}
            >
              Back
            </Button>
          )}
          {step === 'preview' ? (
            <Button onClick={() => onShare(photoEditOf(studio.studio, photoId))}>
              Share to your story
            </Button>
          ) : (
            <Button onClick={() => setStep(step === 'crop' ? 'edit' : 'preview')}>Next</Button>
          )}
        </div>
      </div>
      {discardDialog}
    </Dialog>
  );
}

/** A chosen video, playable in the story's 9:16 card, then shared as it is. */
function VideoStoryPreview({ file, onShare, onCancel }: StoryPreviewProps) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
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
          <video
            src={url}
            aria-label="Your story preview"
            controls
            muted
            playsInline
            preload="metadata"
            className="absolute inset-0 size-full object-contain"
          />
        </div>
        <p className="text-sm text-muted">{videosSkipStudio}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} className="mr-auto">
            Cancel
          </Button>
          <Button onClick={() => onShare(null)}>Share to your story</Button>
        </div>
      </div>
      {discardDialog}
    </Dialog>
  );
}
