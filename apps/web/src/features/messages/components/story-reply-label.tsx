import { directMessageTexts, pagePaths, type MessageStory } from '@pinhole/contracts';
import { Link } from 'react-router-dom';
import { openedInApp } from '@/domain/stories/story-location';

/**
 * What a story reply answers, above its text, as Instagram shows it: who replied, and the
 * story's thumbnail while it lives and the reader may see it; "Story unavailable" after. A tap
 * on the thumbnail opens that story, and closing it comes back to the conversation.
 */
export function StoryReplyLabel({
  story,
  mine,
  owner,
}: {
  story: MessageStory;
  mine: boolean;
  /** Whose story it is (the address names them); without it the thumbnail is a picture only. */
  owner: string | undefined;
}) {
  const label = mine
    ? directMessageTexts.youRepliedToTheirStory
    : directMessageTexts.repliedToYourStory;
  const thumbnail = story.available && story.thumbnail_url && (
    <img
      src={story.thumbnail_url}
      alt="Story"
      className="aspect-[9/16] w-24 rounded-xl bg-neutral-100 object-cover"
    />
  );
  return (
    <div className={`flex flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
      <span className="text-xs text-muted">{label}</span>
      {thumbnail && owner ? (
        <Link
          to={pagePaths.story.to(owner, story.id)}
          state={openedInApp}
          aria-label={`Open the story by ${owner}`}
          className="rounded-xl"
        >
          {thumbnail}
        </Link>
      ) : thumbnail ? (
        thumbnail
      ) : (
        <span className="rounded-xl border border-line px-3 py-6 text-xs text-muted">
          {directMessageTexts.storyUnavailable}
        </span>
      )}
    </div>
  );
}
