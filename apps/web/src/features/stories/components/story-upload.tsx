import { checkImageFile } from '@pinhole/contracts';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { UploadProgress } from '@/components/ui/upload-progress';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useCreateStory } from '@/features/stories/api/create-story';
import { StoryPreview } from './story-preview';

interface StoryUploadProps {
  file: File;
  /** Shared, cancelled at the preview, or the reader dismissed the error. */
  onFinished: () => void;
}

/**
 * Sends one chosen photo to the reader's story: first the create dialog's checks (type, 5 MB)
 * with its messages, sending nothing refused; then a preview to share or cancel; then how much
 * has gone, then why the server refused
 * it if it did (the same messages as for posts). Leaving the page does not cancel it: the photo
 * was chosen to be shared, and the trays take it in when it lands.
 */
export function StoryUpload({ file, onFinished }: StoryUploadProps) {
  const readerId = useAuth().user?.id ?? null;
  const { mutate, error } = useCreateStory(readerId);
  const [progress, setProgress] = useState(0);
  const [confirmed, setConfirmed] = useState(false);
  // Once per file, even where React runs effects twice to check them (development).
  const started = useRef(false);
  const problem = checkImageFile(file);

  useEffect(() => {
    if (problem !== null || !confirmed || started.current) return;
    started.current = true;
    mutate({ file, onProgress: setProgress }, { onSuccess: onFinished });
  }, [problem, confirmed, file, mutate, onFinished]);

  if (problem === null && !confirmed) {
    return <StoryPreview file={file} onShare={() => setConfirmed(true)} onCancel={onFinished} />;
  }

  if (problem !== null || error) {
    return (
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <ErrorBox>{problem ?? errorMessage(error)}</ErrorBox>
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

  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-xs text-muted">Sharing to your story...</p>
      <UploadProgress fraction={progress} />
    </div>
  );
}
