import { pagePaths, type StoryTray } from '@pinhole/contracts';
import { Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { newestStory, openingStory } from '@/features/stories/story-sequence';
import { openedInApp } from '@/domain/stories/story-location';
import { storySource } from '@/features/stories/story-image';
import { StoryRing } from './story-ring';
import { yourStoryLabel } from './your-story-button';

interface YourStoryTileProps {
  /** The reader's own stories. */
  tray: StoryTray;
  /** Shares another photo. */
  onAdd: () => void;
}

/** The thumbnail drawn inside the ring: twice its 52 CSS px, for sharp screens. */
const thumbnailPixels = 104;

/**
 * "Your story" for a reader with stories of their own: the newest in a ring, opening them; its
 * plus badge still adds another.
 */
export function YourStoryTile({ tray, onAdd }: YourStoryTileProps) {
  const newest = newestStory(tray) ?? openingStory(tray);
  return (
    <li data-testid="your-story" className="relative flex w-16 shrink-0 flex-col items-center">
      <Link
        to={pagePaths.story.to(tray.author.username, openingStory(tray).id)}
        state={openedInApp}
        className="flex w-full flex-col items-center gap-1 rounded-lg"
      >
        <StoryRing unviewed={tray.has_unviewed}>
          <img
            src={storySource(newest.image, thumbnailPixels)}
            alt=""
            width={52}
            height={52}
            decoding="async"
            className="size-[52px] rounded-full bg-neutral-100 object-cover"
          />
        </StoryRing>
        <span className="w-full truncate text-center text-xs text-neutral-800">
          {yourStoryLabel}
        </span>
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
