import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { preparePhoto } from '@/lib/prepare-photo';
import { useChangeAvatar, useRemoveAvatar } from '@/features/account/api/account';

const acceptedTypes =
  'image/jpeg,image/png,image/gif,image/webp,image/avif,image/heic,image/heif,.heic,.heif';

/**
 * Change photo: pick a file, see the centre square the server will keep (round, as it will show
 * everywhere), then save it (here, or with the form it sits in: `file` and `onFileChange` hand
 * the picked photo to that form); or remove the current one.
 */
export function AvatarPicker({
  hasAvatar,
  file: heldFile,
  onFileChange,
}: {
  hasAvatar: boolean;
  /** The photo picked and not saved yet, when the form around keeps it. */
  file?: File | null;
  onFileChange?: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [ownFile, setOwnFile] = useState<File | null>(null);
  const file = onFileChange ? (heldFile ?? null) : ownFile;
  const setFile = onFileChange ?? setOwnFile;
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeAvatar();
  const remove = useRemoveAvatar();

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (chosen: File | undefined) => {
    setProblem(null);
    if (!chosen) return;
    // Checked by its bytes, and made smaller when over 5 MB, as every picked photo is.
    const prepared = await preparePhoto(chosen);
    if (prepared.problem === undefined) setFile(prepared.file);
    else setProblem(prepared.problem);
  };

  const save = () => {
    if (!file) return;
    change.mutate(file, {
      onSuccess: () => setFile(null),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <input
        ref={input}
        type="file"
        accept={acceptedTypes}
        className="sr-only"
        aria-label="Choose a profile photo"
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {preview ? (
        <div className="flex items-center gap-3">
          <img
            src={preview}
            alt="New profile photo, cut to its centre square"
            className="size-16 shrink-0 rounded-full object-cover object-center"
          />
          <Button type="button" disabled={change.isPending} onClick={save}>
            {change.isPending ? 'Saving…' : 'Save photo'}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setFile(null)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button type="button" onClick={() => input.current?.click()}>
            Change photo
          </Button>
          {hasAvatar && (
            <Button
              type="button"
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => {
                setProblem(null);
                remove.mutate(undefined, { onError: (error) => setProblem(errorMessage(error)) });
              }}
            >
              Remove
            </Button>
          )}
        </div>
      )}
      <p role="alert" className="text-xs text-red-600">
        {problem ?? ''}
      </p>
    </div>
  );
}
