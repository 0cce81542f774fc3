import type { StoryTrays, StoryTraysBody } from './story';

/**
 * Gives each story of `body` its tray's author (and the author's id) back, so a tray's stories
 * are plain stories.
 * Apart from the schemas (only types imported): the home page's first script reads trays, and a
 * module with zod schemas at its top would bring zod into it.
 */
export function withStoryAuthors(body: StoryTraysBody): StoryTrays {
  return {
    trays: body.trays.map((tray) => ({
      ...tray,
      stories: tray.stories.map((story) => ({
        ...story,
        user_id: tray.author.id,
        author: tray.author,
      })),
    })),
  };
}
