import { ChevronRight, Plus } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { useAuth } from '@/lib/auth/use-auth';
import { sampleStories } from '@/features/stories/sample-stories';

const stories = sampleStories();

export function StoriesStrip() {
  // The Your story tile shows the signed-in reader's picture.
  const { profile } = useAuth();
  const strip = useRef<HTMLUListElement>(null);

  const scrollOn = () => {
    const element = strip.current;
    element?.scrollBy?.({ left: element.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <section aria-label="Stories" className="relative border-line py-3 sm:rounded-lg sm:border">
      <ul
        ref={strip}
        className="flex items-start gap-3 overflow-x-auto px-3 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        <StoryTile label="Your story" testId="your-story">
          <span className="relative block rounded-full p-[3px]">
            <Avatar name={profile?.username ?? 'you'} src={profile?.avatar_url} size={56} />
            <span
              aria-hidden
              data-testid="your-story-plus"
              className="absolute right-0.5 bottom-0.5 flex size-5 items-center justify-center rounded-full border-2 border-white bg-brand text-white"
            >
              <Plus className="size-3" strokeWidth={3} />
            </span>
          </span>
        </StoryTile>
        {stories.map((story) => (
          <StoryTile key={story.id} label={story.user.username} testId="story">
            <span
              data-viewed={story.viewed}
              className={`block rounded-full p-[2px] ${story.viewed ? 'bg-line' : 'story-ring'}`}
            >
              <span className="block rounded-full bg-white p-[2px]">
                <Avatar name={story.user.username} size={52} />
              </span>
            </span>
          </StoryTile>
        ))}
        {/* Sticks to the right edge while more stories lie beyond it. */}
        <li className="sticky right-0 flex h-16 shrink-0 items-center bg-linear-to-l from-white from-60% pr-1 pl-3">
          <button
            type="button"
            aria-label="More stories"
            onClick={scrollOn}
            className="flex size-7 items-center justify-center rounded-full border border-line bg-white text-neutral-700 shadow-sm hover:bg-neutral-50"
          >
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </li>
      </ul>
    </section>
  );
}

function StoryTile({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li data-testid={testId} className="flex w-16 shrink-0 flex-col items-center gap-1">
      {children}
      <span className="w-full truncate text-center text-xs text-neutral-800">{label}</span>
    </li>
  );
}
