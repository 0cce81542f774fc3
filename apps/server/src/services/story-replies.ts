import type { MessageStory } from '@pinhole/contracts';
import { directMessageTexts } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { AppError, notFound } from '../errors';
import { canSeeContentOf } from '../policies/visibility';
import { findLiveStories, type StoryRow } from '../repositories/stories.repository';
import { mediaUrls } from '../storage/media-urls';

const storyOwner = (story: StoryRow) => ({
  id: story.user_id,
  is_private: story.author_is_private,
  suspended_at: story.author_suspended_at,
});

/**
 * A story may be replied to while it lives and the sender may see it (404 otherwise, as the
 * story itself answers), and only in a conversation its author is in: the reply is for them.
 */
export async function requireRepliableStory(
  infra: Infrastructure,
  viewerId: string,
  storyId: string,
  memberIds: readonly string[],
): Promise<void> {
  const { db } = infra.database;
  const [story] = await findLiveStories(db, [storyId], infra.clock.now().toISOString());
  if (!story || !(await canSeeContentOf(db, viewerId, storyOwner(story)))) throw notFound();
  if (!memberIds.includes(story.user_id))
    throw new AppError('validation_error', directMessageTexts.storyReplyElsewhere);
}

/**
 * The replied-to stories this reader may see now, with a small thumbnail (signed for a private
 * account, as the story's own files). Read with the app's clock, as every story query is.
 */
export async function replyStories(
  infra: Infrastructure,
  viewerId: string,
  storyIds: readonly string[],
): Promise<Map<string, MessageStory>> {
  const { db } = infra.database;
  const live = await findLiveStories(db, storyIds, infra.clock.now().toISOString());
  const seen = new Map<string, Promise<boolean>>();
  const urls = mediaUrls(infra.storage, infra.signer);
  const shown = new Map<string, MessageStory>();
  for (const story of live) {
    // A thread holds few authors' stories: one access check per author.
    let visible = seen.get(story.user_id);
    if (!visible) {
      visible = canSeeContentOf(db, viewerId, storyOwner(story));
      seen.set(story.user_id, visible);
    }
    if (!(await visible)) continue;
    const smallest = [...story.variants].sort((a, b) => a.width - b.width)[0];
    shown.set(story.id, {
      id: story.id,
      thumbnail_url: urls.post(smallest?.key ?? story.image_key, Boolean(story.author_is_private)),
      available: true,
    });
  }
  return shown;
}
