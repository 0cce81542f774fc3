import { limits, type ProfileSummary, type Story, type StoryTray } from '@pinhole/contracts';
import { now } from './factories';

const hourMs = 60 * 60 * 1000;

/** A person as a story's author or viewer: `<username>-id`, no picture. */
export function storyPerson(username: string, overrides: Partial<ProfileSummary> = {}) {
  return {
    id: `${username}-id`,
    username,
    full_name: `${username} Example`,
    avatar_url: null,
    is_verified: false,
    followed_by_me: false,
    is_remote: false,
    ...overrides,
  } satisfies ProfileSummary;
}

/** A story by `username`, shared `hoursOld` hours before the fixed clock's now, not yet seen. */
export function makeStory(
  id: string,
  username: string,
  { hoursOld = 2, ...overrides }: Partial<Story> & { hoursOld?: number } = {},
): Story {
  const createdAt = now.getTime() - hoursOld * hourMs;
  const author = overrides.author ?? storyPerson(username);
  return {
    id,
    user_id: author.id,
    image: {
      width: 1080,
      height: 1920,
      placeholder: null,
      variants: [320, 640, 1080].map((width) => ({
        url: `/storage/stories/${id}-${width}.webp`,
        width,
        height: Math.round((width * 1920) / 1080),
      })),
    },
    created_at: new Date(createdAt).toISOString(),
    expires_at: new Date(createdAt + limits.storyLifetimeMs).toISOString(),
    viewed_by_me: false,
    author,
    ...overrides,
  };
}

/** One person's tray of `stories` (oldest first), with `has_unviewed` as the server works it out. */
export function tray(stories: Story[]): StoryTray {
  const [first] = stories;
  if (!first) throw new Error('a tray holds at least one story');
  return {
    author: first.author,
    stories,
    has_unviewed: stories.some((story) => !story.viewed_by_me),
  };
}
