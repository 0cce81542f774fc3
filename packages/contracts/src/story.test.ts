import { describe, expect, it } from 'vitest';
import type { ProfileSummary } from './follow';
import type { StoryTraysBody, TrayStory } from './story';
import { storyTraysSchema } from './story';
import { withStoryAuthors } from './story-trays';

const author = (id: string): ProfileSummary => ({
  id,
  username: id,
  full_name: id,
  avatar_url: null,
  is_verified: false,
  followed_by_me: true,
  is_remote: false,
});

const story = (id: string): TrayStory => ({
  id,
  image: { width: 10, height: 10, placeholder: null, variants: [] },
  created_at: '2026-11-28T00:00:00.000Z',
  expires_at: '2026-11-29T00:00:00.000Z',
  viewed_by_me: false,
});

describe('withStoryAuthors', () => {
  it("gives every story its tray's author back", () => {
    const body: StoryTraysBody = storyTraysSchema.parse({
      trays: [
        { author: author('a'), stories: [story('1'), story('2')], has_unviewed: true },
        { author: author('b'), stories: [story('3')], has_unviewed: true },
      ],
    });
    const trays = withStoryAuthors(body).trays;
    expect(
      trays.map((tray) => tray.stories.map((item) => [item.id, item.author.id, item.user_id])),
    ).toEqual([
      [
        ['1', 'a', 'a'],
        ['2', 'a', 'a'],
      ],
      [['3', 'b', 'b']],
    ]);
    expect(trays[1]!.stories[0]!.author).toEqual(author('b'));
  });
});
