import { Plus } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';

interface YourStoryButtonProps {
  /** The reader's username (the avatar's initial and colours), or a stand-in signed out. */
  name: string;
  avatarUrl: string | null;
  /** Shares a photo (signed out: asks to sign in). */
  onAdd: () => void;
}

export const yourStoryLabel = 'Your story';

/**
 * "Your story" for a reader without stories of their own: the whole tile adds one. What the
 * server draws on the first screen, before any tray is known.
 */
export function YourStoryButton({ name, avatarUrl, onAdd }: YourStoryButtonProps) {
  return (
    <li data-testid="your-story" className="flex w-16 shrink-0 flex-col items-center">
      <button
        type="button"
        onClick={onAdd}
        className="flex w-full flex-col items-center gap-1 rounded-lg"
      >
        <span className="relative block rounded-full p-[2px]">
          <Avatar name={name} src={avatarUrl} size={56} />
          <span
            aria-hidden
            data-testid="your-story-plus"
            className="absolute right-0 bottom-0 flex size-5 items-center justify-center rounded-full border-2 border-white bg-brand text-white"
          >
            <Plus className="size-3" strokeWidth={3} />
          </span>
        </span>
        <span className="w-full truncate text-center text-xs text-neutral-800">
          {yourStoryLabel}
        </span>
      </button>
    </li>
  );
}
