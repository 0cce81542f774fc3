import type { Story, StoryTray } from '@pinhole/contracts';

/**
 * The order the viewer plays stories in: each person's stories oldest first, then the next
 * person's, in the strip's order.
 */

/** Where a tray opens: its first story the reader has not seen, else (all seen) its first. */
export function openingStory(tray: StoryTray): Story {
  const first = tray.stories[0];
  if (!first) throw new Error('a story tray is never empty');
  return tray.stories.find((story) => !story.viewed_by_me) ?? first;
}

/** The newest story of a tray (stories are oldest first). */
export function newestStory(tray: StoryTray): Story | undefined {
  return tray.stories.at(-1);
}

export interface StoryPlace {
  tray: StoryTray;
  trayIndex: number;
  story: Story;
  storyIndex: number;
}

export function findStory(trays: readonly StoryTray[], storyId: string): StoryPlace | null {
  for (const [trayIndex, tray] of trays.entries()) {
    const storyIndex = tray.stories.findIndex((story) => story.id === storyId);
    const story = tray.stories[storyIndex];
    if (story) return { tray, trayIndex, story, storyIndex };
  }
  return null;
}

/** After `storyId`: the same person's next story, else where the next person's tray opens. */
export function nextStory(trays: readonly StoryTray[], storyId: string): Story | null {
  const place = findStory(trays, storyId);
  if (!place) return null;
  const sameTray = place.tray.stories[place.storyIndex + 1];
  if (sameTray) return sameTray;
  const nextTray = trays[place.trayIndex + 1];
  return nextTray ? openingStory(nextTray) : null;
}

/**
 * Before `storyId`: the same person's previous story, else the previous person's last one (so
 * Back retraces Next); null at the very first story.
 */
export function previousStory(trays: readonly StoryTray[], storyId: string): Story | null {
  const place = findStory(trays, storyId);
  if (!place) return null;
  if (place.storyIndex > 0) return place.tray.stories[place.storyIndex - 1] ?? null;
  const previousTray = trays[place.trayIndex - 1];
  return previousTray ? (newestStory(previousTray) ?? null) : null;
}

/**
 * The trays in the order the viewer was opened with. The server puts trays with unseen stories
 * first, so reading its answer again mid-viewing would reshuffle the people still to come; new
 * trays go last, trays gone (expired, deleted) drop out.
 */
export function inOrder(trays: readonly StoryTray[], order: readonly string[] | null): StoryTray[] {
  if (!order) return [...trays];
  const rank = new Map(order.map((authorId, index) => [authorId, index]));
  const rankOf = (tray: StoryTray) => rank.get(tray.author.id) ?? order.length;
  return [...trays].sort((a, b) => rankOf(a) - rankOf(b));
}
