import { pagePaths, type Story, type StoryTrays } from '@pinhole/contracts';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { namesNothing } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useClock } from '@/lib/clock';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { useDeleteStory } from '@/features/stories/api/delete-story';
import { useStory } from '@/features/stories/api/get-story';
import { useStoryTrays } from '@/features/stories/api/get-story-trays';
import { useMarkStoryViewed } from '@/features/stories/api/mark-story-viewed';
import { wasOpenedInApp } from '@/domain/stories/story-location';
import { findStory, inOrder } from '@/features/stories/story-sequence';
import { trayOf } from '@/features/stories/story-trays';
import { StoryPlayer } from './story-player';

interface StoryViewerProps {
  /** The story the address names (`/stories/:username/:id`). */
  storyId: string;
}

/** The people in the order the viewer opened with (see `inOrder`), fixed from then on. */
function useOpeningOrder(data: StoryTrays | undefined): string[] | null {
  const [order, setOrder] = useState<string[] | null>(null);
  if (order === null && data) {
    const opening = data.trays.map((tray) => tray.author.id);
    setOrder(opening);
    return opening;
  }
  return order;
}

/**
 * `/stories/:username/:id`: the whole screen on a phone, a 9:16 card over a dark backdrop on wider
 * screens. It plays the reader's trays from the story named, person after person; a story outside
 * them (a link from elsewhere) plays alone. Closing goes back to where the reader came from, or
 * home. An expired or deleted story says so, with a way back.
 */
export function StoryViewer({ storyId }: StoryViewerProps) {
  const readerId = useAuth().user?.id ?? null;
  const navigate = useNavigate();
  const location = useLocation();
  const clock = useClock();
  useDocumentTitle(pageTitle('Stories'));

  const traysQuery = useStoryTrays(readerId);
  const order = useOpeningOrder(traysQuery.data);
  const trays = inOrder(traysQuery.data?.trays ?? [], order);
  const deletion = useDeleteStory(readerId);
  // While it is being deleted the story leaves the trays; it is not to be looked for elsewhere.
  const deleting = deletion.variables === storyId && !deletion.isError;
  const inTrays = findStory(trays, storyId) !== null;
  const lone = useStory(storyId, { enabled: traysQuery.isFetched && !inTrays && !deleting });
  const sequence = inTrays ? trays : lone.data ? [trayOf(lone.data)] : [];
  const place = findStory(sequence, storyId);
  const live = place !== null && Date.parse(place.story.expires_at) > clock.now();

  // Opening a story marks it seen, once (signed in; the server ignores a second time anyway).
  const { mutate: markViewed } = useMarkStoryViewed(readerId);
  const marked = useRef(new Set<string>());
  const unseenId =
    readerId !== null && live && place && !place.story.viewed_by_me ? place.story.id : null;
  useEffect(() => {
    if (unseenId === null || marked.current.has(unseenId)) return;
    marked.current.add(unseenId);
    markViewed(unseenId);
  }, [unseenId, markViewed]);

  const close = () => {
    if (wasOpenedInApp(location.state)) void navigate(-1);
    else void navigate(pagePaths.home.to(), { replace: true });
  };
  // One history entry for the whole viewing: Back (or close) leaves the viewer at once.
  const open = (story: Story) =>
    void navigate(pagePaths.story.to(story.author.username, story.id), {
      replace: true,
      state: location.state as unknown,
    });

  let content: ReactNode;
  if (place && live) {
    content = (
      <StoryPlayer
        trays={sequence}
        place={place}
        readerId={readerId}
        onOpen={open}
        onClose={close}
        deletion={deletion}
      />
    );
  } else if (!place && (deleting || traysQuery.isPending || lone.isLoading)) {
    content = <Spinner label="Loading..." className="text-sm text-white!" />;
  } else if (!place && lone.error && !namesNothing(lone.error)) {
    content = (
      <div className="rounded-lg bg-white">
        <LoadError
          error={lone.error}
          onRetry={() => void lone.refetch()}
          retrying={lone.isFetching}
        />
      </div>
    );
  } else {
    content = <StoryGone onClose={close} />;
  }

  return (
    <DialogPrimitive.Root open onOpenChange={(opened) => !opened && close()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-neutral-950" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex items-center justify-center focus:outline-none"
        >
          {place && live ? (
            <DialogPrimitive.Title className="sr-only">
              Story by {place.story.author.username}
            </DialogPrimitive.Title>
          ) : (
            <>
              <DialogPrimitive.Title className="sr-only">Stories</DialogPrimitive.Title>
              <button
                type="button"
                aria-label="Close"
                onClick={close}
                className="absolute top-2 right-2 flex size-10 items-center justify-center rounded-full text-white hover:bg-white/15"
              >
                <X aria-hidden className="size-6" />
              </button>
            </>
          )}
          {content}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** An expired, deleted or unknown story: the viewer's not-found page. */
function StoryGone({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex max-w-sm flex-col items-center gap-3 px-6 text-center text-white">
      <h1 className="text-xl font-semibold">Sorry, this story isn&apos;t available.</h1>
      <p className="text-sm text-neutral-300">
        Stories disappear 24 hours after they are shared, and their authors can delete them sooner.
      </p>
      <button
        type="button"
        onClick={onClose}
        className="mt-2 rounded-lg bg-white px-4 py-1.5 text-sm font-semibold text-neutral-900 hover:bg-neutral-200"
      >
        Go back
      </button>
    </div>
  );
}
