import { directMessageTexts, type MessageStory } from '@pinhole/contracts';

/**
 * What a story reply answers, above its text, as Instagram shows it: who replied, and the
 * story's thumbnail while it lives and the reader may see it; "Story unavailable" after.
 */
export function StoryReplyLabel({ story, mine }: { story: MessageStory; mine: boolean }) {
  const label = mine
    ? directMessageTexts.youRepliedToTheirStory
    : directMessageTexts.repliedToYourStory;
  return (
    <div className={`flex flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
      <span className="text-xs text-muted">{label}</span>
      {story.available && story.thumbnail_url ? (
        <img
          src={story.thumbnail_url}
          alt="Story"
          className="aspect-[9/16] w-24 rounded-xl bg-neutral-100 object-cover"
        />
      ) : (
        <span className="rounded-xl border border-line px-3 py-6 text-xs text-muted">
          {directMessageTexts.storyUnavailable}
        </span>
      )}
    </div>
  );
}
