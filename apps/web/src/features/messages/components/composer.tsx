import { directMessageLimits } from '@pinhole/contracts';
import { useState, type KeyboardEvent } from 'react';

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function Composer({
  onSend,
  disabled = false,
}: {
  onSend: (text: string) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
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
    <div className="flex items-end gap-2 border-t border-neutral-200 p-3">
      <textarea
        aria-label="Message"
        placeholder="Message…"
        rows={1}
        maxLength={directMessageLimits.textMaxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-32 min-h-10 flex-1 resize-none rounded-3xl border border-neutral-300 px-4 py-2 text-sm"
      />
      <button
        type="button"
        onClick={send}
        disabled={disabled || text.trim() === ''}
        className="h-10 px-2 text-sm font-semibold text-sky-600 disabled:opacity-40"
      >
        Send
      </button>
    </div>
  );
}
