import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useCreateStory } from '@/features/stories/api/create-story';

interface StoryUploadProps {
  /** Already checked (type, size) by the strip. */
  file: File;
  /** Shared, or the reader dismissed the error. */
  onFinished: () => void;
}

/**
 * Sends one chosen photo to the reader's story, showing how much has gone, then why it failed if
 * it did (the server's message: the same as for posts). Leaving the page does not cancel it: the
 * photo was chosen to be shared, and the trays take it in when it lands.
 */
export function StoryUpload({ file, onFinished }: StoryUploadProps) {
  const readerId = useAuth().user?.id ?? null;
  const { mutate, error } = useCreateStory(readerId);
  const [progress, setProgress] = useState(0);
  // Once per file, even where React runs effects twice to check them (development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ file, onProgress: setProgress }, { onSuccess: onFinished });
  }, [file, mutate, onFinished]);

  if (error) {
    return (
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <ErrorBox>{errorMessage(error)}</ErrorBox>
        </div>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onFinished}
          className="rounded-full p-1.5 text-neutral-700 hover:bg-neutral-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    );
  }

  const percent = Math.round(progress * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-xs text-muted">Sharing to your story...</p>
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
    </div>
  );
}
