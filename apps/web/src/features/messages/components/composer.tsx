import { directMessageLimits, imageFileAccept } from '@pinhole/contracts';
import { ImagePlus } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useLeaveGuard } from '@/components/ui/discard-guard';
import { ErrorBox } from '@/components/ui/error-box';
import { MentionField } from '@/components/ui/mention-field';
import { preparePhotos } from '@/lib/prepare-photo';

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
  // What the box holds this moment: two presses of Send before the next render (a double click
  // on a busy phone) would otherwise both send the same words.
  const held = useRef('');
  const write = (next: string) => {
    held.current = next;
    setText(next);
  };
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Leaving the conversation with words in the box asks "Discard message?" first.
  const { leaveDialog } = useLeaveGuard('message', text.trim() !== '');
  const send = () => {
    const words = held.current;
    if (words.trim() === '' || disabled) return;
    write('');
    onSend(words);
  };
  const sendPhotos = async (files: File[]) => {
    // Checked by their bytes and made smaller when over 5 MB, as for posts.
    const { ready, problems } = await preparePhotos(files);
    setProblem(problems.at(-1) ?? null);
    if (ready.length > 0) onPhotos?.(ready);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <>
      {problem ? (
        <div className="border-t border-line px-3 pt-3">
          <ErrorBox>{problem}</ErrorBox>
        </div>
      ) : null}
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
              accept={imageFileAccept}
              multiple
              hidden
              aria-label="Photos to send"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []).slice(
                  0,
                  directMessageLimits.maxImages,
                );
                event.target.value = '';
                if (files.length > 0) void sendPhotos(files);
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
          onValueChange={write}
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
      {leaveDialog}
    </>
  );
}
