import { limits } from '@pinhole/contracts';
import { useId } from 'react';
import { MentionField } from '@/components/ui/mention-field';

interface CaptionFieldProps {
  value: string;
  onChange: (caption: string) => void;
  disabled?: boolean;
}

/**
 * A post's caption, written or edited: stopped at the longest caption allowed, with a count;
 * people and hashtags are suggested after `@` and `#`.
 */
export function CaptionField({ value, onChange, disabled = false }: CaptionFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        Caption
      </label>
      <MentionField
        multiline
        id={id}
        rows={4}
        placeholder="Write a caption..."
        value={value}
        maxLength={limits.captionMaxLength}
        disabled={disabled}
        onValueChange={onChange}
        wrapperClassName="flex flex-col"
        className="resize-none rounded-md border border-line px-3 py-2 text-sm focus:border-neutral-400 focus:outline-none disabled:bg-neutral-50"
      />
      <span className="self-end text-xs text-muted">
        {value.length.toLocaleString()}/{limits.captionMaxLength.toLocaleString()}
      </span>
    </div>
  );
}
