import type { Story, StoryTray } from '@pinhole/contracts';
import { useLayoutEffect, useRef } from 'react';
import { nextStory, previousStory } from '@/features/stories/story-sequence';

interface StoryMoves {
  /** The story after the one on screen (to fetch its photo ahead), or null at the very end. */
  next: Story | null;
  goNext: () => void;
  goPrevious: () => void;
}

/**
 * Next and Previous from the story on screen. The router renders a move in a transition: the
 * address changes at once, the screen a moment later. A second key pressed in between must move
 * on from where the first one went, not from the story still drawn, or two quick presses of →
 * would land on the same story (a slow phone, a busy machine).
 */
export function useStoryMoves(
  trays: readonly StoryTray[],
  storyId: string,
  onOpen: (story: Story) => void,
  onClose: () => void,
  onRestart: () => void,
): StoryMoves {
  const headingTo = useRef<string | null>(null);
  useLayoutEffect(() => {
    headingTo.current = null;
  }, [storyId]);

  const open = (story: Story) => {
    headingTo.current = story.id;
    onOpen(story);
  };
  const from = () => headingTo.current ?? storyId;
  return {
    next: nextStory(trays, storyId),
    goNext: () => {
      const next = nextStory(trays, from());
      if (next) open(next);
      else onClose();
    },
    goPrevious: () => {
      const previous = previousStory(trays, from());
      if (previous) open(previous);
      else if (headingTo.current === null) onRestart();
    },
  };
}
