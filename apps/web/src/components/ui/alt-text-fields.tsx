import { limits } from '@pinhole/contracts';
import { ImageOff } from 'lucide-react';
import { useId } from 'react';
import { FirstFrame } from '@/components/video/first-frame';

export interface AltTextPhoto {
  id: string;
  src: string | null;
  altText: string;
  /** A video: its first frame is drawn. */
  video?: boolean;
}

interface AltTextFieldsProps {
  photos: AltTextPhoto[];
  onChange: (id: string, altText: string) => void;
  disabled?: boolean;
}

/**
 * A description per photo, for people who can't see it (read aloud as the photo's alt), each
 * beside a small copy of its photo, in the post's order.
 */
export function AltTextFields({ photos, onChange, disabled = false }: AltTextFieldsProps) {
  const hintId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="text-sm font-semibold">Alt text</legend>
      <p id={hintId} className="-mt-1 text-xs text-muted">
        Describe each photo for people who can&apos;t see it.
      </p>
      {photos.map((photo, index) => (
        <AltTextField
          key={photo.id}
          photo={photo}
          label={`Alt text for photo ${index + 1}`}
          onChange={onChange}
          disabled={disabled}
        />
      ))}
    </fieldset>
  );
}

function AltTextField({
  photo,
  label,
  onChange,
  disabled,
}: {
  photo: AltTextPhoto;
  label: string;
  onChange: (id: string, altText: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <span className="flex size-12 shrink-0 overflow-hidden rounded bg-neutral-100">
        {photo.src ? (
          photo.video ? (
            <FirstFrame src={photo.src} className="size-full object-cover" />
          ) : (
            <img src={photo.src} alt="" className="size-full object-cover" />
          )
        ) : (
          <ImageOff aria-hidden className="m-auto size-5 text-muted" />
        )}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          id={id}
          rows={2}
          placeholder={`${label}...`}
          value={photo.altText}
          maxLength={limits.maxAltTextLength}
          disabled={disabled}
          onChange={(event) => onChange(photo.id, event.target.value)}
          className="resize-none rounded-md border border-line px-2 py-1.5 text-sm focus:border-neutral-400 focus:outline-none disabled:bg-neutral-50"
        />
        {photo.altText.length > limits.maxAltTextLength * 0.9 && (
          <span className="self-end text-xs text-muted">
            {photo.altText.length.toLocaleString()}/{limits.maxAltTextLength.toLocaleString()}
          </span>
        )}
      </span>
    </div>
  );
}
