import { ChevronRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useStoryTrays } from '@/features/stories/api/get-story-trays';
import { useVideoUploads } from '@/domain/media/api/video-uploads';
import { YourStoryButton } from './your-story-button';

// Sharing is rare next to looking: its checks, progress and errors load once a photo is chosen
// (the checks' module brings zod, which the first screen does without).
const StoryUpload = lazy(() => import('./story-upload').then((m) => ({ default: m.StoryUpload })));
// The trays are known only in the browser, after their request: their tiles (rings, links to the
// viewer) load with them, and the first screen's script carries only Your story.
const StoryTrayTiles = lazy(() =>
  import('./story-tray-tiles').then((m) => ({ default: m.StoryTrayTiles })),
);

interface StoriesStripProps {
  /** The reader is about to open a story: a chance to fetch the viewer's code. */
  onIntent?: () => void;
}

/**
 * The home's stories: Your story (signed in), then each person's tray in the server's order
 * (own, unseen, most recent), each in a coloured ring while it holds a story the reader has not seen. Until the
 * trays arrive (and on the server's first screen) only Your story shows.
 */
export function StoriesStrip({ onIntent }: StoriesStripProps) {
  const { user, profile } = useAuth();
  const readerId = user?.id ?? null;
  const promptSignIn = useSignInPrompt();
  const { data } = useStoryTrays(readerId);
  const strip = useRef<HTMLUListElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<{ file: File; id: number } | null>(null);
  const uploadCount = useRef(0);
  const finishUpload = useCallback(() => setUpload(null), []);
  // Whether the server takes video stories, asked once the reader comes near the strip (not
  // with every home page), before they choose a file.
  const [nearStrip, setNearStrip] = useState(false);
  const videos = useVideoUploads(readerId !== null && nearStrip);
  const intent = () => {
    setNearStrip(true);
    onIntent?.();
  };

  const more = useMoreToScroll(strip);

  const trays = data?.trays ?? [];
  const name = profile?.username ?? 'you';
  const avatarUrl = profile?.avatar_url ?? null;

  const scrollOn = () => {
    const element = strip.current;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element?.scrollBy?.({ left: element.clientWidth * 0.8, behavior: still ? 'auto' : 'smooth' });
  };

  const add = () => {
    if (readerId === null) return promptSignIn();
    picker.current?.click();
  };

  // Signed out there is no story of one's own to add: Instagram shows visitors only others'.
  const yours =
    readerId === null ? null : <YourStoryButton name={name} avatarUrl={avatarUrl} onAdd={add} />;

  const choose = (file: File | undefined) => {
    if (!file) return;
    uploadCount.current += 1;
    setUpload({ file, id: uploadCount.current });
  };

  return (
    <section
      aria-label="Stories"
      onPointerOver={intent}
      onFocus={intent}
      onTouchStart={intent}
      className="relative border-line py-3 sm:rounded-lg sm:border"
    >
      {/* Relative: the tiles' hidden labels (sr-only, absolutely placed) are then laid out and
          clipped inside the scrolling row. Without it they were placed against the section,
          beyond the row's clipping, and a dozen tiles made the whole page 957 px wide on a
          390 px phone, pushing every dialog off-centre. As tall as a tile (64 px avatar and its
          name) before any tile is known, so the trays' arrival moves nothing below, signed out too. */}
      <ul
        ref={strip}
        className="relative flex min-h-20 items-start gap-3 overflow-x-auto px-3 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {trays.length === 0 ? (
          yours
        ) : (
          <Suspense fallback={yours}>
            <StoryTrayTiles
              trays={trays}
              readerId={readerId}
              name={name}
              avatarUrl={avatarUrl}
              onAdd={add}
            />
          </Suspense>
        )}
        {/* Sticks to the right edge while more stories lie beyond it; with nothing beyond, an
            arrow that scrolls nowhere was only noise. */}
        {more && (
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
        )}
      </ul>
      {readerId !== null && (
        <input
          ref={picker}
          type="file"
          accept={videos.accept}
          aria-label="Story photo"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // Let the same file be picked again after a failed try.
            event.target.value = '';
          }}
        />
      )}
      {upload && (
        <div className="px-3 pt-3">
          <Suspense fallback={null}>
            <StoryUpload
              key={upload.id}
              file={upload.file}
              videoAllowed={videos.whenKnown}
              onFinished={finishUpload}
            />
          </Suspense>
        </div>
      )}
    </section>
  );
}

/**
 * Whether the row holds more than it shows to the right of where it is scrolled. Measured in the
 * browser only (the server's first screen draws no arrow), again when the row scrolls, changes
 * width, or gains tiles (the trays arrive after the first paint, their tiles lazily).
 */
function useMoreToScroll(row: RefObject<HTMLElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    // A rounding pixel is not a tile beyond the edge.
    const measure = () =>
      setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    const changed = new MutationObserver(measure);
    changed.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('scroll', measure);
      resized.disconnect();
      changed.disconnect();
    };
  }, [row]);
  return more;
}
