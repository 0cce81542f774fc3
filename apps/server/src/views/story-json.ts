import type { Story, StoryTrayBody, TrayStory } from '@pinhole/contracts';
import type { StoryRow } from '../repositories/stories.repository';
import type { Storage } from '../storage/storage';
import type { MediaUrls } from '../storage/media-urls';
import { toProfileSummary } from './profile-summary';

/**
 * A story as the API answers it. Its files take the URLs of a post's: signed, expiring ones for
 * a private account, so only those shown the story can fetch them.
 */
export function toStory(
  row: StoryRow,
  urls: MediaUrls,
  storage: Storage,
  state: { viewed: boolean; followedByMe: boolean },
): Story {
  const isPrivate = Boolean(row.author_is_private);
  return {
    id: row.id,
    user_id: row.user_id,
    image: {
      width: row.width,
      height: row.height,
      placeholder: row.placeholder,
      variants: row.variants.map((variant) => ({
        url: urls.post(variant.key, isPrivate),
        width: variant.width,
        height: variant.height,
      })),
    },
    video:
      row.status === 'ready' && row.video_key
        ? { url: urls.post(row.video_key, isPrivate), duration_s: row.duration_s ?? 0 }
        : null,
    status: row.status,
    created_at: row.created_at,
    expires_at: row.expires_at,
    viewed_by_me: state.viewed,
    author: toProfileSummary(row.author, storage, state.followedByMe),
  };
}

const byAge = (a: Story, b: Story) =>
  a.created_at === b.created_at
    ? a.id.localeCompare(b.id)
    : a.created_at.localeCompare(b.created_at);

const newestOf = (tray: StoryTrayBody) => tray.stories[tray.stories.length - 1]!.created_at;

/** The story without its author (nor the author's id), which its tray carries once. */
function inTray(story: Story): TrayStory {
  return {
    id: story.id,
    image: story.image,
    video: story.video,
    status: story.status,
    created_at: story.created_at,
    expires_at: story.expires_at,
    viewed_by_me: story.viewed_by_me,
  };
}

/**
 * Stories grouped into one tray per person, oldest story first, in the order the contract promises: the
 * viewer's own tray first, then trays with unviewed stories, then the most recent sharers. For
 * a signed-out reader nothing is viewed, so it is simply the most recent first.
 */
export function toTrays(stories: readonly Story[], viewerId: string | null): StoryTrayBody[] {
  const byAuthor = new Map<string, Story[]>();
  for (const story of stories) {
    const list = byAuthor.get(story.user_id) ?? [];
    list.push(story);
    byAuthor.set(story.user_id, list);
  }
  const trays: StoryTrayBody[] = [...byAuthor.values()].map((list) => {
    list.sort(byAge);
    return {
      author: list[0]!.author,
      stories: list.map(inTray),
      has_unviewed: list.some((story) => !story.viewed_by_me),
    };
  });
  const rank = (tray: StoryTrayBody) =>
    tray.author.id === viewerId ? 0 : tray.has_unviewed ? 1 : 2;
  return trays.sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) return byRank;
    const newer = newestOf(b).localeCompare(newestOf(a));
    return newer !== 0 ? newer : b.author.id.localeCompare(a.author.id);
  });
}
