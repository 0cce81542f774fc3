import type { ReactNode } from 'react';

/** The ring around a story tile: Instagram's gradient while something is unseen, grey after. */
export function StoryRing({ unviewed, children }: { unviewed: boolean; children: ReactNode }) {
  return (
    <span
      data-testid="story-ring"
      data-unviewed={unviewed}
      className={`block rounded-full p-[2px] ${unviewed ? 'story-ring' : 'bg-line'}`}
    >
      <span className="block rounded-full bg-white p-[2px]">{children}</span>
    </span>
  );
}
