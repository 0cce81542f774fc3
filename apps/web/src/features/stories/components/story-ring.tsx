import type { ReactNode } from 'react';

interface StoryRingProps {
  unviewed: boolean;
  /** Fills its box (a profile's large picture) rather than hugging a fixed-size avatar. */
  fill?: boolean;
  children: ReactNode;
}

/** The ring around a story tile: Instagram's gradient while something is unseen, grey after. */
export function StoryRing({ unviewed, fill = false, children }: StoryRingProps) {
  const size = fill ? 'size-full p-[3px]' : 'p-[2px]';
  return (
    <span
      data-testid="story-ring"
      data-unviewed={unviewed}
      className={`block rounded-full ${size} ${unviewed ? 'story-ring' : 'bg-line'}`}
    >
      <span className={`block rounded-full bg-white ${size}`}>{children}</span>
    </span>
  );
}
