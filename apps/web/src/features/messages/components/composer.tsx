import { directMessageLimits } from '@pinhole/contracts';
import { ImagePlus } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { MentionField } from '@/components/ui/mention-field';

/** The message box: Enter sends, Shift+Enter starts a new line; the picture sends photos. */
export function Composer({
  onSend,
  onPhotos,
  disabled = false,
  sendingPhotos = false,
}: {
  onSend: (text: string) => void;
  onPhotos?: (files: File[]) => void;
  disabled?: boolean;
  sendingPhotos?: boolean;
}) {
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const send = () => {
    if (text.trim() === '' || disabled) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <div className="flex items-end gap-2 border-t border-line p-3">
      {onPhotos ? (
        <>
          <button
            type="button"
            aria-label="Send photos"
            disabled={sendingPhotos}
            onClick={() => fileInput.current?.click()}
            className="rounded-full p-2 hover:bg-neutral-100 disabled:opacity-40"
          >
            <ImagePlus aria-hidden className="size-6" />
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label="Photos to send"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []).slice(
                0,
                directMessageLimits.maxImages,
              );
              event.target.value = '';
              if (files.length > 0) onPhotos(files);
            }}
          />
        </>
      ) : null}
      <MentionField
        multiline
        aria-label="Message"
        placeholder="Message…"
        rows={1}
        maxLength={directMessageLimits.textMaxLength}
        value={text}
        onValueChange={setText}
        onKeyDown={onKeyDown}
        wrapperClassName="flex flex-1"
        className="max-h-32 min-h-10 flex-1 resize-none rounded-3xl border border-neutral-300 px-4 py-2 text-sm"
      />
      <button
        type="button"
        onClick={send}
        disabled={disabled || text.trim() === ''}
        className="h-10 px-2 text-sm font-semibold text-sky-700 disabled:opacity-40"
      >
        Send
      </button>
    </div>
  );
}
