import type { Story, StoryTray, StoryTrays } from '@pinhole/contracts';

/**
 * What the reader's actions do to the strip's trays, worked out here so the ring changes the
 * moment they act rather than after the server is asked again (the cache is then invalidated, and
 * the server's answer settles it).
 */

function withTrayState(tray: StoryTray, stories: Story[]): StoryTray {
  return { ...tray, stories, has_unviewed: stories.some((story) => !story.viewed_by_me) };
}

/** The trays once the reader has opened `storyId`: it counts as seen, and its ring follows. */
export function withStoryViewed(data: StoryTrays, storyId: string): StoryTrays {
  return {
    trays: data.trays.map((tray) =>
      tray.stories.some((story) => story.id === storyId && !story.viewed_by_me)
        ? withTrayState(
            tray,
            tray.stories.map((story) =>
              story.id === storyId ? { ...story, viewed_by_me: true } : story,
            ),
          )
        : tray,
    ),
  };
}

/** The trays without `storyId` (deleted, or found gone); a tray left empty goes with it. */
export function withoutStory(data: StoryTrays, storyId: string): StoryTrays {
  return {
    trays: data.trays.flatMap((tray) => {
      if (!tray.stories.some((story) => story.id === storyId)) return [tray];
      const stories = tray.stories.filter((story) => story.id !== storyId);
      return stories.length > 0 ? [withTrayState(tray, stories)] : [];
    }),
  };
}

/** The trays with the reader's new story last in their own tray, which comes first, as the server orders them. */
export function withNewStory(data: StoryTrays, story: Story): StoryTrays {
  const own = data.trays.find((tray) => tray.author.id === story.author.id);
  const others = data.trays.filter((tray) => tray !== own);
  const tray = own
    ? withTrayState(own, [...own.stories.filter((s) => s.id !== story.id), story])
    : trayOf(story);
  return { trays: [tray, ...others] };
}

/** One story as a tray of its own: a new person's first, or a deep link outside the trays. */
export function trayOf(story: Story): StoryTray {
  return { author: story.author, stories: [story], has_unviewed: !story.viewed_by_me };
}
