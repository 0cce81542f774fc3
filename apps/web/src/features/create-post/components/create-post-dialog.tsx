import { advertisedImageTypes, checkImageFile, limits, type Post } from '@pinhole/contracts';
import { ImageOff, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { useCreatePost } from '@/features/create-post/api/create-post';

interface CreatePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (post: Post) => void;
}

export function CreatePostDialog({ open, onOpenChange, onCreated }: CreatePostDialogProps) {
  const captionId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const previewRef = useRef<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [previewBroken, setPreviewBroken] = useState(false);
  const { mutateAsync, isPending: submitting, reset: resetMutation } = useCreatePost();

  const replacePreview = (url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreviewUrl(url);
    setPreviewBroken(false);
  };

  // Free the preview's memory if the dialog goes away while holding one.
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const reset = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    replacePreview(null);
    setFile(null);
    setCaption('');
    setError(null);
    setProgress(null);
    setDragging(false);
    resetMutation();
  };

  // The spec: closing or cancelling resets the dialog (an upload in flight is abandoned).
  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const choose = (files: FileList | null | undefined) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const problem = checkImageFile(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFile(chosen);
    replacePreview(URL.createObjectURL(chosen));
  };

  const removeFile = () => {
    replacePreview(null);
    setFile(null);
    setError(null);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  async function share() {
    if (!file || submitting) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setProgress(0);
    try {
      const post = await mutateAsync({
        file,
        caption,
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

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <Dialog open={open} onOpenChange={changeOpen} title="Create New Post" widthClass="max-w-lg">
      <div className="flex flex-col gap-4 p-4">
        {previewUrl ? (
          <div className="relative flex min-h-32 items-center justify-center overflow-hidden rounded-lg bg-neutral-100">
            {previewBroken ? (
              // The browser cannot draw it; the server will have the final word on the bytes.
              <span className="flex flex-col items-center gap-2 px-12 py-8 text-sm text-muted">
                <ImageOff aria-hidden className="size-8" />
                <span className="break-all">{file?.name}</span>
              </span>
            ) : (
              <img
                src={previewUrl}
                alt="Selected image preview"
                onError={() => setPreviewBroken(true)}
                className="mx-auto max-h-[min(20rem,45dvh)] w-full object-contain"
              />
            )}
            <button
              type="button"
              aria-label="Remove image"
              onClick={removeFile}
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
            onDragEnter={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-dragging={dragging || undefined}
            className="flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-neutral-300 px-4 py-12 text-center transition-colors hover:border-neutral-400 hover:bg-neutral-50 data-dragging:border-brand data-dragging:bg-sky-50"
          >
            <ImagePlus aria-hidden className="size-12 text-neutral-500" strokeWidth={1.25} />
            <span className="text-base font-semibold text-neutral-900">
              Click to select an image
            </span>
            <span className="text-sm text-muted">{advertisedImageTypes}</span>
          </button>
        )}
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          aria-label="Image file"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            choose(event.target.files);
            // Let the same file be picked again after removing it.
            event.target.value = '';
          }}
        />
        {file && (
          <div className="flex flex-col gap-1">
            <label htmlFor={captionId} className="text-sm font-semibold">
              Caption
            </label>
            <textarea
              id={captionId}
              rows={4}
              placeholder="Write a caption..."
              value={caption}
              maxLength={limits.captionMaxLength}
              disabled={submitting}
              onChange={(event) => setCaption(event.target.value)}
              className="resize-none rounded-md border border-line px-3 py-2 text-sm focus:border-neutral-400 focus:outline-none disabled:bg-neutral-50"
            />
            <span className="self-end text-xs text-muted">
              {caption.length.toLocaleString()}/{limits.captionMaxLength.toLocaleString()}
            </span>
          </div>
        )}
        {submitting && percent !== null && (
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 overflow-hidden rounded-full bg-neutral-200"
          >
            <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        )}
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button disabled={!file || submitting} onClick={share}>
            {submitting ? 'Sharing...' : 'Share'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
