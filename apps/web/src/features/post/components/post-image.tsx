import { feedImageSizes, type Post } from '@pinhole/contracts';
import { ChevronLeft, ChevronRight, Heart } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { prefersReducedMotion, useDoubleTap } from '@/lib/double-tap';
import { PhotoSlide } from './photo-slide';
import { VideoOverlayPart } from './video-overlay-part';

/** Portrait photos taller than 4:5 are not allowed to fill a screen, as on Instagram. */
const tallestRatio = 4 / 5;
/** Nor panoramas wider than 1.91:1 to shrink to a strip (Instagram's widest feed photo). */
const widestRatio = 1.91;

/**
 * How a photo meets its box: the feed crops it to fill a box between 4:5 and 1.91:1 (no grey
 * bars beside a tall photo, as Instagram's feed); a post's own page or dialog shows all of it,
 * letterboxed in a box no taller than 4:5, from the `md` width on (beside its column). On a
 * phone, where the post's page stacks like a feed post, a tall photo fills its 4:5 box as in
 * the feed.
 */
export type PhotoFit = 'cover' | 'contain';

/** Width over height of the box a photo is drawn in. */
export function boxRatio({ width, height }: Post['image'], fit: PhotoFit = 'contain'): number {
  const ratio = Math.max(width > 0 && height > 0 ? width / height : 1, tallestRatio);
  return fit === 'cover' ? Math.min(ratio, widestRatio) : ratio;
}

interface PostImageProps {
  post: Post;
  /** The largest paint of its page (the feed's first post, a post's page): load at once, first. */
  priority: boolean;
  /** How wide the photo is drawn, for the browser's choice of variant; the feed's by default. */
  sizes?: string;
  /** Called on a double tap or double click; the photo then shows a heart that pops and fades. */
  onDoubleTap?: () => void;
  /** Cropped to fill the box (the feed) or shown whole (a post's page); see `PhotoFit`. */
  fit?: PhotoFit;
  className?: string;
}

const arrow =
  'absolute top-1/2 hidden size-7 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-neutral-900 shadow hover:bg-white disabled:invisible sm:flex';

/**
 * The post's photos in one box shaped like the first (from the stored width and height, before a
 * byte arrives, so nothing below it moves). Several photos are a carousel: a row of slides that
 * snaps, swiped on phones, with arrows on wider screens; only the shown photo and the next one
 * are loaded. The first photo is drawn exactly as a one-photo post's: it is the feed's largest
 * paint, preloaded by the server's HTML with the same sources.
 */
export function PostImage({
  post,
  priority,
  sizes = feedImageSizes,
  onDoubleTap,
  fit = 'contain',
  className = '',
}: PostImageProps) {
  const photos = post.images;
  const count = photos.length;
  const [index, setIndex] = useState(0);
  // The furthest photo shown so far: it and the one after it stay loaded.
  const [reached, setReached] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  // Each double tap draws a new heart (a new key restarts the animation).
  const [hearts, setHearts] = useState(0);
  const onClick = useDoubleTap(() => {
    if (!onDoubleTap) return;
    onDoubleTap();
    if (!prefersReducedMotion()) setHearts((n) => n + 1);
  });

  const show = (next: number) => {
    setIndex(next);
    setReached((furthest) => Math.max(furthest, next));
  };
  const go = (event: MouseEvent, step: number) => {
    event.stopPropagation();
    const next = Math.min(Math.max(index + step, 0), count - 1);
    const el = track.current;
    if (el?.scrollTo && el.clientWidth > 0) {
      // The scroll's end shows it; meanwhile its photo starts loading.
      setReached((furthest) => Math.max(furthest, next));
      el.scrollTo({
        left: next * el.clientWidth,
        behavior: prefersReducedMotion() ? 'instant' : 'smooth',
      });
    } else show(next);
  };

  // An arrow vanishes at either end: if it had the focus, the other arrow takes it (before the
  // browser would drop it on the page).
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLButtonElement && active.disabled && box.current?.contains(active))
      box.current.querySelector<HTMLButtonElement>('button[data-step]:enabled')?.focus();
  }, [index]);

  return (
    <div
      ref={box}
      data-testid="post-image-box"
      onClick={onDoubleTap ? onClick : undefined}
      {...(count > 1 && {
        role: 'group',
        'aria-roledescription': 'carousel',
        'aria-label': 'Photos',
      })}
      className={`relative w-full overflow-hidden bg-neutral-100 select-none ${className}`}
      style={{ aspectRatio: String(boxRatio(post.image, fit)) }}
    >
      <div
        ref={track}
        // Swiping, scrolling or an arrow settles on a photo (the row snaps): that one is shown.
        // Not before: a smooth scroll passing by would flicker the dots and the announcement.
        onScroll={(event) => {
          const { scrollLeft, clientWidth } = event.currentTarget;
          const position = clientWidth > 0 ? scrollLeft / clientWidth : 0;
          if (clientWidth > 0 && Math.abs(position - Math.round(position)) < 0.02)
            show(Math.round(position));
        }}
        // A scrolling region must be reachable by keyboard (the arrow keys then scroll it).
        tabIndex={count > 1 ? 0 : undefined}
        className="flex size-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand [&::-webkit-scrollbar]:hidden"
      >
        {photos.map((photo, i) => (
          // A video's entry in `images` is its poster (API.md Part 4): drawn as a photo, with
          // the player over it once its code has come.
          <PhotoSlide
            key={photo.id}
            image={i === 0 ? post.image : photo}
            url={i === 0 ? post.image_url : photo.url}
            alt={photo.alt_text ?? `Photo by ${post.author.username}`}
            altText={photo.alt_text}
            // A video being transcoded may have no poster yet: its placeholder's colours then.
            drawn={i <= reached + 1 && photo.url !== ''}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? (i === 0 ? 'high' : 'low') : undefined}
            sizes={sizes}
            fit={fit}
            slideLabel={count > 1 ? `${i + 1} of ${count}` : undefined}
          >
            {post.media[i]?.type === 'video' && i <= reached + 1 && (
              <VideoOverlayPart video={post.media[i]} author={post.author.username} fit={fit} />
            )}
          </PhotoSlide>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            aria-label="Previous photo"
            data-step={-1}
            disabled={index === 0}
            onClick={(event) => go(event, -1)}
            className={`${arrow} left-2`}
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Next photo"
            data-step={1}
            disabled={index === count - 1}
            onClick={(event) => go(event, 1)}
            className={`${arrow} right-2`}
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
          {/* White dots with a dark halo: seen on a dark photo by their colour, on a light one
              (or a white letterbox) by their shadow. */}
          <div aria-hidden className="absolute inset-x-0 bottom-3 flex justify-center gap-1">
            {photos.map((photo, i) => (
              <span
                key={photo.id}
                data-testid="carousel-dot"
                className={`size-1.5 rounded-full shadow-[0_0_2px_1px_rgba(0,0,0,0.45)] ${i === index ? 'bg-white' : 'bg-white/60'}`}
              />
            ))}
          </div>
          <p aria-live="polite" className="sr-only">
            Photo {index + 1} of {count}
          </p>
        </>
      )}
      {hearts > 0 && (
        <Heart
          key={hearts}
          aria-hidden
          data-testid="like-heart"
          onAnimationEnd={() => setHearts(0)}
          className="pointer-events-none absolute top-1/2 left-1/2 -mt-12 -ml-12 size-24 animate-like-pop fill-white text-white drop-shadow-lg motion-reduce:hidden"
        />
      )}
    </div>
  );
}
