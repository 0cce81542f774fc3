import { bestSource, feedImageSizes, srcSet, type Post } from '@pinhole/contracts';
import { useRef, useState } from 'react';
import { usePlaceholder } from '@/lib/use-placeholder';

/** Portrait photos taller than 4:5 are letterboxed, as on Instagram, not allowed to fill a screen. */
const tallestRatio = 4 / 5;
/** For browsers without srcset support: the variant that suits a 470 px column on most screens. */
const defaultWidth = 640;

interface PostImageProps {
  post: Post;
  /** The first post of the feed: load at once, with high priority (it is the largest paint). */
  priority: boolean;
}

/**
 * The box takes the photo's shape from the post's stored width and height before a byte arrives,
 * so nothing below it moves; the ThumbHash colours it until the photo has loaded.
 */
export function PostImage({ post, priority }: PostImageProps) {
  const { image } = post;
  const [loaded, setLoaded] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  const placeholder = usePlaceholder(image.placeholder, img, loaded);
  const ratio = image.width > 0 && image.height > 0 ? image.width / image.height : 1;

  return (
    <div
      data-testid="post-image-box"
      className="relative w-full overflow-hidden bg-neutral-100 bg-cover bg-center"
      style={{ aspectRatio: String(Math.max(ratio, tallestRatio)), ...placeholder }}
    >
      <img
        ref={img}
        src={bestSource(image, post.image_url, defaultWidth)}
        srcSet={srcSet(image, post.image_url)}
        sizes={feedImageSizes}
        width={image.width || undefined}
        height={image.height || undefined}
        alt={`Photo by ${post.author.username}`}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onLoad={() => setLoaded(true)}
        className="absolute inset-0 size-full object-contain"
      />
    </div>
  );
}
