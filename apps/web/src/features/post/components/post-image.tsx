import { bestSource, feedImageSizes, srcSet, type Post } from '@pinhole/contracts';
import { Heart } from 'lucide-react';
import { useRef, useState } from 'react';
import { prefersReducedMotion, useDoubleTap } from '@/lib/double-tap';
import { usePlaceholder } from '@/lib/use-placeholder';

/** Portrait photos taller than 4:5 are letterboxed, as on Instagram, not allowed to fill a screen. */
const tallestRatio = 4 / 5;

/** Width over height of the box a photo is drawn in. */
export function boxRatio({ width, height }: Post['image']): number {
  return Math.max(width > 0 && height > 0 ? width / height : 1, tallestRatio);
}
/** For browsers without srcset support: the variant that suits a 470 px column on most screens. */
const defaultWidth = 640;

interface PostImageProps {
  post: Post;
  /** The largest paint of its page (the feed's first post, a post's page): load at once, first. */
  priority: boolean;
  /** How wide the photo is drawn, for the browser's choice of variant; the feed's by default. */
  sizes?: string;
  /** Called on a double tap or double click; the photo then shows a heart that pops and fades. */
  onDoubleTap?: () => void;
  className?: string;
}

/**
 * The box takes the photo's shape from the post's stored width and height before a byte arrives,
 * so nothing below it moves; the ThumbHash colours it until the photo has loaded.
 */
export function PostImage({
  post,
  priority,
  sizes = feedImageSizes,
  onDoubleTap,
  className = '',
}: PostImageProps) {
  const { image } = post;
  const [loaded, setLoaded] = useState(false);
  // Each double tap draws a new heart (a new key restarts the animation).
  const [hearts, setHearts] = useState(0);
  const onClick = useDoubleTap(() => {
    if (!onDoubleTap) return;
    onDoubleTap();
    if (!prefersReducedMotion()) setHearts((count) => count + 1);
  });
  const img = useRef<HTMLImageElement>(null);
  const placeholder = usePlaceholder(image.placeholder, img, loaded);

  return (
    <div
      data-testid="post-image-box"
      onClick={onDoubleTap ? onClick : undefined}
      className={`relative w-full overflow-hidden bg-neutral-100 bg-cover bg-center select-none ${className}`}
      style={{ aspectRatio: String(boxRatio(image)), ...placeholder }}
    >
      <img
        ref={img}
        src={bestSource(image, post.image_url, defaultWidth)}
        srcSet={srcSet(image, post.image_url)}
        sizes={sizes}
        width={image.width || undefined}
        height={image.height || undefined}
        alt={`Photo by ${post.author.username}`}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        draggable={false}
        onLoad={() => setLoaded(true)}
        className="absolute inset-0 size-full object-contain"
      />
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
