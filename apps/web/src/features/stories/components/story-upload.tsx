import type { PhotoEdit } from '@pinhole/contracts';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { UploadProgress } from '@/components/ui/upload-progress';
import { errorMessage } from '@/lib/api-client';
import { prepareMedia, type PreparedMedia, type VideoAllowed } from '@/lib/prepare-media';
import { useAuth } from '@/lib/auth/use-auth';
import { useCreateStory } from '@/features/stories/api/create-story';
import { StoryPreview } from './story-preview';

interface StoryUploadProps {
  file: File;
  /** Whether the server takes videos, once it has said (asked only of a video). */
  videoAllowed: VideoAllowed;
  /** Shared, cancelled at the preview, or the reader dismissed the error. */
  onFinished: () => void;
}

/**
 * Sends one chosen photo to the reader's story: first the create dialog's checks (a picture by
 * its bytes; one over 5 MB made smaller) with its messages, sending nothing refused; then a preview to share or cancel; then how much
 * has gone, then why the server refused
 * it if it did (the same messages as for posts). Leaving the page does not cancel it: the photo
 * was chosen to be shared, and the trays take it in when it lands.
 */
export function StoryUpload({ file, videoAllowed, onFinished }: StoryUploadProps) {
  const readerId = useAuth().user?.id ?? null;
  const { mutate, error } = useCreateStory(readerId);
  const [progress, setProgress] = useState(0);
  // The studio's edit once the reader shares: undefined until then.
  const [confirmed, setConfirmed] = useState<{ edit: PhotoEdit | null } | null>(null);
  // Once per file, even where React runs effects twice to check them (development).
  const started = useRef(false);
  const [prepared, setPrepared] = useState<PreparedMedia | null>(null);
  // The strip hands a new function each render: the first one serves this file.
  const [askVideoAllowed] = useState(() => videoAllowed);
  useEffect(() => {
    let current = true;
    void prepareMedia(file, askVideoAllowed).then((result) => current && setPrepared(result));
    return () => {
      current = false;
    };
  }, [file, askVideoAllowed]);
  const problem = prepared?.problem ?? null;
  const ready = prepared?.problem === undefined ? (prepared?.file ?? null) : null;

  useEffect(() => {
    if (ready === null || confirmed === null || started.current) return;
    started.current = true;
    mutate(
      { file: ready, edit: confirmed.edit, onProgress: setProgress },
      { onSuccess: onFinished },
    );
  }, [ready, confirmed, mutate, onFinished]);

  if (prepared === null) {
    return (
      <p role="status" className="text-xs text-muted">
        Preparing photo...
      </p>
    );
  }

  if (ready !== null && confirmed === null) {
    return (
      <StoryPreview
        file={ready}
        video={prepared?.problem === undefined && prepared.kind === 'video'}
        onShare={(edit) => setConfirmed({ edit })}
        onCancel={onFinished}
      />
    );
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
