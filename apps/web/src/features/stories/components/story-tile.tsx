import { pagePaths, type StoryTray } from '@pinhole/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { openingStory } from '@/features/stories/story-sequence';
import { openedInApp } from '@/domain/stories/story-location';
import { StoryRing } from './story-ring';

/** One person's stories in the strip: their avatar in a ring and their name, opening the viewer. */
export function StoryTile({ tray }: { tray: StoryTray }) {
  const { author } = tray;
  return (
    <li data-testid="story" className="flex w-16 shrink-0 flex-col items-center">
      <Link
        to={pagePaths.story.to(author.username, openingStory(tray).id)}
        state={openedInApp}
        className="flex w-full flex-col items-center gap-1 rounded-lg"
      >
        <StoryRing unviewed={tray.has_unviewed}>
          <Avatar name={author.username} src={author.avatar_url} size={52} />
        </StoryRing>
        {/* One element names the link: Chromium put a space before the comma when the name was
            pieced together from the visible name and hidden parts around it. */}
        <span aria-hidden className="w-full truncate text-center text-xs text-neutral-800">
          {author.username}
        </span>
        <span className="sr-only">
          {`Story by ${author.username}, ${tray.has_unviewed ? 'not seen yet' : 'seen'}`}
        </span>
      </Link>
    </li>
  );
}
