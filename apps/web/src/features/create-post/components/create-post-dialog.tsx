import { advertisedImageTypes, limits, moreImageTypesHint, type Post } from '@pinhole/contracts';
import { ImageOff, ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { AltTextFields } from '@/components/ui/alt-text-fields';
import { CaptionField } from '@/components/ui/caption-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useDiscardGuard } from '@/components/ui/discard-guard';
import { ErrorBox } from '@/components/ui/error-box';
import { AddPhotoTile, PhotoStrip } from '@/components/ui/photo-strip';
import { errorMessage } from '@/lib/api-client';
import { useBackCloses } from '@/lib/use-back-closes';
import { useCreatePost } from '@/features/create-post/api/create-post';
import { usePickedPhotos } from '@/features/create-post/hooks/use-picked-photos';
import { UploadProgress } from '@/components/ui/upload-progress';
import { FirstFrame } from '@/components/video/first-frame';
import { videosSkipStudio, videosWelcome } from '@/components/video/video-words';
import { useVideoUploads } from '@/domain/media/api/video-uploads';
import { CropStep } from '@/domain/studio/components/crop-step';
import { EditStep } from '@/domain/studio/components/edit-step';
import { editsToSend } from '@/domain/studio/lib/studio-state';
import { useStudio } from '@/domain/studio/lib/use-studio';

/** Instagram's order: pick the photos, crop them, edit them, then the words. */
type Step = 'select' | 'crop' | 'edit' | 'details';
const nextStep: Record<Step, Step> = {
  select: 'crop',
  crop: 'edit',
  edit: 'details',
  details: 'details',
};
const previousStep: Record<Step, Step> = {
  select: 'select',
  crop: 'select',
  edit: 'crop',
  details: 'edit',
};

interface CreatePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (post: Post) => void;
  /** Photos to start with: those shared to the installed app from the phone's gallery. */
  initialFiles?: readonly File[] | undefined;
}

export function CreatePostDialog({
  open,
  onOpenChange,
  onCreated,
  initialFiles,
}: CreatePostDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const { photos, preparing, add, remove, move, setAltText, clear } = usePickedPhotos();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Photos the browser could not draw (the server has the final word on their bytes).
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const { mutateAsync, isPending: submitting, reset: resetMutation } = useCreatePost();
  const [step, setStep] = useState<Step>('select');
  const studio = useStudio();
  const videos = useVideoUploads(open);
  // The studio crops and colours photos only; a post of videos alone goes on to its words.
  const studioPhotos = photos.filter((photo) => photo.kind === 'photo');
  const hasVideo = studioPhotos.length < photos.length;
  const stepAfter = (current: Step): Step =>
    current === 'select' && studioPhotos.length === 0 ? 'details' : nextStep[current];
  const stepBefore = (current: Step): Step =>
    current === 'details' && studioPhotos.length === 0 ? 'select' : previousStep[current];

  const selected = photos.find((photo) => photo.id === selectedId) ?? photos[0];
  const selectedPhoto =
    studioPhotos.find((photo) => photo.id === selectedId) ?? studioPhotos[0] ?? null;
  const full = photos.length >= limits.maxPostImages;

  const reset = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    clear();
    setSelectedId(null);
    setBroken(new Set());
    setCaption('');
    setError(null);
    setProgress(null);
    setDragging(false);
    setStep('select');
    studio.reset();
    resetMutation();
  };

  // The spec: closing or cancelling resets the dialog (an upload in flight is abandoned).
  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  // Back, Escape, a click outside or the close button ask first when the dialog holds a photo
  // or words (Instagram's "Discard post?"); Cancel is itself the choice to discard.
  const holdsSomething =
    photos.length > 0 ||
    caption.trim() !== '' ||
    photos.some((photo) => photo.altText.trim() !== '');
  const { requestDiscard, discardDialog } = useDiscardGuard('post', holdsSomething, () =>
    changeOpen(false),
  );
  useBackCloses(open, requestDiscard);

  const choose = (files: Iterable<File> | null | undefined) => {
    const picked = [...(files ?? [])];
    if (picked.length === 0 || submitting) return;
    setError(null);
    void add(picked, videos.whenKnown).then(({ problem, added }) => {
      setError(problem);
      // The first new photo is the one shown large.
      if (added[0]) setSelectedId(added[0]);
    });
  };

  // Each new set of shared photos is added once; they are checked (and made smaller) first.
  const initialAdded = useRef<readonly File[] | undefined>(undefined);
  useEffect(() => {
    if (!initialFiles || initialFiles.length === 0 || initialAdded.current === initialFiles) return;
    initialAdded.current = initialFiles;
    choose(initialFiles);
  });

  const removePhoto = (id: string) => {
    remove(id);
    setError(null);
    if (id === selected?.id) {
      const index = photos.findIndex((photo) => photo.id === id);
      setSelectedId(photos[index + 1]?.id ?? photos[index - 1]?.id ?? null);
    }
  };

  const dropZone = {
    onDragEnter: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      choose(event.dataTransfer.files);
    },
  };

  async function share() {
    if (photos.length === 0 || submitting || preparing) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setProgress(0);
    // One entry per file in order: a video's is null (it is sent as it is).
    const studioIds = studioPhotos.map(({ id }) => id);
    const photoEdits = editsToSend(studio.studio, studioIds);
    const edits = photoEdits && photos.map(({ id }) => photoEdits[studioIds.indexOf(id)] ?? null);
    try {
      const post = await mutateAsync({
        photos,
        caption,
        edits,
        signal: controller.signal,
        onProgress: setProgress,
      });
      changeOpen(false);
      onCreated(post);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(errorMessage(failure));
      setProgress(null);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? changeOpen(true) : requestDiscard())}
      title="Create New Post"
      widthClass="max-w-lg"
    >
      <div className="flex flex-col gap-4 p-4" {...(step === 'select' && selected && dropZone)}>
        {step === 'select' &&
          (selected ? (
            <div className="relative flex min-h-32 items-center justify-center overflow-hidden rounded-lg bg-neutral-100">
              {broken.has(selected.id) ? (
                <span className="flex flex-col items-center gap-2 px-12 py-8 text-sm text-muted">
                  <ImageOff aria-hidden className="size-8" />
                  <span className="break-all">{selected.file.name}</span>
                </span>
              ) : selected.kind === 'video' ? (
                <FirstFrame
                  src={selected.previewUrl}
                  label="Selected video preview"
                  onError={() => setBroken((before) => new Set(before).add(selected.id))}
                  className="mx-auto max-h-[min(20rem,40dvh)] w-full object-contain"
                />
              ) : (
                <img
                  src={selected.previewUrl}
                  alt="Selected image preview"
                  onError={() => setBroken((before) => new Set(before).add(selected.id))}
                  className="mx-auto max-h-[min(20rem,40dvh)] w-full object-contain"
                />
              )}
              <button
                type="button"
                aria-label="Remove image"
                onClick={() => removePhoto(selected.id)}
                disabled={submitting}
                className="absolute top-2 right-2 rounded-full bg-black/70 p-1.5 text-white hover:bg-black disabled:opacity-50"
              >
                <X aria-hidden className="size-4" />
              </button>
            </div>
          ) : (
            <button
              type="button"
              onClick={() => inputRef.current?.click()}
              {...dropZone}
              data-dragging={dragging || undefined}
              className="flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-neutral-300 px-4 py-12 text-center transition-colors hover:border-neutral-400 hover:bg-neutral-50 data-dragging:border-brand data-dragging:bg-sky-50"
            >
              <ImagePlus aria-hidden className="size-12 text-neutral-500" strokeWidth={1.25} />
              <span className="text-base font-semibold text-neutral-900">
                Click to select an image
              </span>
              <span className="text-sm text-muted">{advertisedImageTypes}</span>
              {/* The spec's line names three types; iPhones' HEIC is read too, and a larger camera
                photo is made smaller here rather than refused. */}
              <span className="text-sm text-muted">{moreImageTypesHint}</span>
              {videos.known && <span className="text-sm text-muted">{videosWelcome}</span>}
            </button>
          ))}
        <input
          ref={inputRef}
          type="file"
          accept={videos.accept}
          multiple
          aria-label="Image file"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            choose(event.target.files);
            // Let the same file be picked again after removing it.
            event.target.value = '';
          }}
        />
        {step === 'select' && selected && (
          <PhotoStrip
            photos={photos.map(({ id, previewUrl, kind }) => ({
              id,
              src: broken.has(id) ? null : previewUrl,
              video: kind === 'video',
            }))}
            onMove={move}
            onRemove={removePhoto}
            selectedId={selected.id}
            onSelect={setSelectedId}
            disabled={submitting}
            addTile={
              !full && (
                <AddPhotoTile onClick={() => inputRef.current?.click()} disabled={submitting} />
              )
            }
          />
        )}
        {step === 'select' && hasVideo && <p className="text-sm text-muted">{videosSkipStudio}</p>}
        {(step === 'crop' || step === 'edit') && selectedPhoto && (
          <StudioStep
            step={step}
            photos={studioPhotos}
            selectedId={selectedPhoto.id}
            onSelect={setSelectedId}
            studio={studio}
          />
        )}
        {step === 'details' && selected && (
          <CaptionField value={caption} onChange={setCaption} disabled={submitting} />
        )}
        {step === 'details' && selected && (
          <AltTextFields
            photos={photos.map(({ id, previewUrl, altText, kind }) => ({
              id,
              src: broken.has(id) ? null : previewUrl,
              altText,
              video: kind === 'video',
            }))}
            onChange={setAltText}
            disabled={submitting}
          />
        )}
        {preparing && (
          <p role="status" className="text-sm text-muted">
            Preparing photo...
          </p>
        )}
        {submitting && progress !== null && <UploadProgress fraction={progress} />}
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => changeOpen(false)} className="mr-auto">
            Cancel
          </Button>
          {step !== 'select' && (
            <Button
              variant="secondary"
              disabled={submitting}
              onClick={() => setStep(stepBefore(step))}
            >
              Back
            </Button>
          )}
          {step === 'details' ? (
            <Button disabled={photos.length === 0 || submitting || preparing} onClick={share}>
              {submitting ? 'Sharing...' : 'Share'}
            </Button>
          ) : (
            <Button
              disabled={photos.length === 0 || preparing}
              onClick={() => {
                setError(null);
                setStep(stepAfter(step));
              }}
            >
              Next
            </Button>
          )}
        </div>
      </div>
      {discardDialog}
    </Dialog>
  );
}

function StudioStep({
  step,
  ...props
}: { step: 'crop' | 'edit' } & Parameters<typeof CropStep>[0]) {
  return step === 'crop' ? <CropStep {...props} /> : <EditStep {...props} />;
}
