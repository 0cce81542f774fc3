import { bestSource, srcSet, type PostImage } from '@pinhole/contracts';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { usePlaceholder } from '@/lib/use-placeholder';

// A photo that failed to load is rare: its icon loads then, not with the first script (e2e/12).
const ImageOff = lazy(() => import('lucide-react/icons/image-off'));

/** For browsers without srcset support: the variant that suits a 470 px column on most screens. */
const defaultWidth = 640;

export interface PhotoSlideProps {
  image: PostImage;
  /** The original, for browsers that cannot use a variant. */
  url: string;
  alt: string;
  /** The author's description (shown on demand by the ALT badge); the `alt` already carries it. */
  altText: string | null;
  /** Drawn, or only its placeholder colour: a carousel loads the shown photo and the next. */
  drawn: boolean;
  loading: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low';
  sizes: string;
  /** Cropped to fill its box, or shown whole in it. */
  fit: 'cover' | 'contain';
  /** In a carousel, which slide it is ("2 of 3"). */
  slideLabel?: string;
  /** Drawn over the photo: a video over its poster. */
  children?: ReactNode;
}

/**
 * One photo filling its box: the ThumbHash colours the box until the photo has loaded, and the
 * box, not the photo, holds the shape, so nothing moves when it arrives.
 */
export function PhotoSlide({
  image,
  url,
  alt,
  altText,
  drawn,
  fit,
  slideLabel,
  children,
  ...load
}: PhotoSlideProps) {
  const [loaded, setLoaded] = useState(false);
  // A photo that did not arrive (a remote server's copy not fetched yet, a network error) leaves
  // its placeholder and a quiet mark, never the browser's broken-image icon.
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  const placeholder = usePlaceholder(image.placeholder, img, loaded);
  const sources = { src: bestSource(image, url, defaultWidth), srcSet: srcSet(image, url) };
  // What the drawn photo and its <noscript> copy share.
  const drawing = {
    sizes: load.sizes,
    alt,
    decoding: 'async',
    // A post's own page on a phone stacks like a feed post and crops as the feed does (a tall
    // photo letterboxed in black bars there looked broken); beside its column it shows whole.
    className: `absolute inset-0 size-full ${fit === 'cover' ? 'object-cover' : 'object-cover md:object-contain'}`,
  } as const;
  // The server draws every photo but the page's first (the largest paint) without its sources:
  // the page's boot script (server pages/deferred-boot.ts) gives them back once the first photo
  // has been painted, to the photos then on screen, and to all of them when the app starts. On a phone's connection they would
  // otherwise share it with the first photo, which Lighthouse measured as 1.3-4 s of largest
  // paint instead of 1.3-2.2. Readers without script get them from the <noscript>.
  // `import.meta.env.SSR` is a build-time constant: the browser's bundle holds none of this.
  const deferred = import.meta.env.SSR && load.fetchPriority !== 'high';
  return (
    <div
      data-testid="photo-slide"
      {...(slideLabel && {
        role: 'group',
        'aria-roledescription': 'slide',
        'aria-label': slideLabel,
      })}
      className="relative size-full shrink-0 snap-center bg-cover bg-center"
      style={placeholder}
    >
      {drawn && !failed && (
        <img
          ref={img}
          {...(deferred ? { 'data-src': sources.src, 'data-srcset': sources.srcSet } : sources)}
          {...drawing}
          width={image.width || undefined}
          height={image.height || undefined}
          loading={load.loading}
          fetchPriority={load.fetchPriority}
          draggable={false}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
        />
      )}
      {failed && (
        <span
          role="img"
          aria-label={`${alt} (not available)`}
          className="absolute inset-0 flex items-center justify-center bg-neutral-100/60 text-muted"
        >
          <Suspense fallback={null}>
            <ImageOff aria-hidden className="size-10" strokeWidth={1.5} />
          </Suspense>
        </span>
      )}
      {drawn && deferred && (
        <noscript>
          <img {...sources} {...drawing} loading="lazy" />
        </noscript>
      )}
      {children}
      {altText && <AltBadge text={altText} />}
    </div>
  );
}

/** Shows the photo's description on demand, for sighted readers (screen readers read the alt). */
function AltBadge({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        onClick={(event) => {
          // Not a tap on the photo (two would like it).
          event.stopPropagation();
          setOpen(!open);
        }}
        className="absolute bottom-3 left-3 rounded bg-black/75 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-white hover:bg-black"
      >
        ALT
      </button>
      {open && (
        <p className="absolute inset-x-3 bottom-10 max-h-[60%] overflow-y-auto rounded-md bg-black/80 p-2 text-sm break-words whitespace-pre-line text-white select-text">
          {text}
        </p>
      )}
    </>
  );
}
