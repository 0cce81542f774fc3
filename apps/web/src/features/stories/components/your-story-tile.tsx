import type { StoryTray } from '@pinhole/contracts';
import { Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { newestStory, openingStory } from '@/features/stories/story-sequence';
import { openedInApp } from '@/features/stories/story-location';
import { storySource } from '@/features/stories/story-image';
import { StoryRing } from './story-ring';

interface YourStoryTileProps {
  /** The reader's username (the avatar's initial and colours), or a stand-in signed out. */
  name: string;
  avatarUrl: string | null;
  /** The reader's own stories, when they have any. */
  tray: StoryTray | undefined;
  /** Shares a photo (signed out: asks to sign in). */
  onAdd: () => void;
}

/** The thumbnail drawn inside the ring: twice its 52 CSS px, for sharp screens. */
const thumbnailPixels = 104;

const label = (
  <span className="w-full truncate text-center text-xs text-neutral-800">Your story</span>
);

/**
 * "Your story" first in the strip. Without stories of their own, the whole tile adds one; with
 * them it shows the newest in a ring and opens them, and its plus badge still adds another.
 */
export function YourStoryTile({ name, avatarUrl, tray, onAdd }: YourStoryTileProps) {
  if (!tray) {
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
          {label}
        </button>
      </li>
    );
  }
  const newest = newestStory(tray);
  return (
    <li data-testid="your-story" className="relative flex w-16 shrink-0 flex-col items-center">
      <Link
        to={paths.story.to(tray.author.username, openingStory(tray).id)}
        state={openedInApp}
        className="flex w-full flex-col items-center gap-1 rounded-lg"
      >
        <StoryRing unviewed={tray.has_unviewed}>
          {newest ? (
            <img
              src={storySource(newest.image, thumbnailPixels)}
              alt=""
              width={52}
              height={52}
              decoding="async"
              className="size-[52px] rounded-full bg-neutral-100 object-cover"
            />
          ) : (
            <Avatar name={name} src={avatarUrl} size={52} />
          )}
        </StoryRing>
        {label}
      </Link>
      {/* Beside the link rather than in it (a control cannot hold another), laid over its corner;
          24 px, the smallest target a finger is promised (WCAG 2.5.8). */}
      <button
        type="button"
        aria-label="Add to your story"
        onClick={onAdd}
        className="absolute top-[38px] right-0 flex size-6 items-center justify-center rounded-full border-2 border-white bg-brand text-white hover:bg-brand-dark"
      >
        <Plus aria-hidden className="size-3" strokeWidth={3} />
      </button>
    </li>
  );
}
