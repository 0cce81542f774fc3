import { pagePaths } from '@pinhole/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth/use-auth';
import { useStoryTrays } from '@/features/stories/api/get-story-trays';
import { openingStory } from '@/features/stories/story-sequence';
import { openedInApp } from '@/domain/stories/story-location';
import { StoryRing } from './story-ring';

interface StoryAvatarLinkProps {
  /** Whose picture it is. */
  author: { id: string; username: string };
  /** The picture, drawn as it is when they have no story. */
  children: ReactNode;
}

/**
 * A profile's picture in a story ring, opening their stories, while they have one the reader's
 * trays hold (signed in: their own and the people they follow; signed out: everyone's recent
 * ones), as on Instagram. Otherwise the picture alone.
 */
export function StoryAvatarLink({ author, children }: StoryAvatarLinkProps) {
  const readerId = useAuth().user?.id ?? null;
  const { data } = useStoryTrays(readerId);
  const tray = data?.trays.find((candidate) => candidate.author.id === author.id);
  if (!tray) return children;
  return (
    <Link
      to={pagePaths.story.to(author.username, openingStory(tray).id)}
      state={openedInApp}
      aria-label={`Story by ${author.username}, ${tray.has_unviewed ? 'not seen yet' : 'seen'}`}
      className="block size-full rounded-full"
    >
      <StoryRing unviewed={tray.has_unviewed} fill>
        {children}
      </StoryRing>
    </Link>
  );
}
