import { bestSource, limits, srcSet, type Post } from '@pinhole/contracts';
import { Copy, Film } from 'lucide-react';
import { useRef, useState } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { PostLink } from '@/lib/post-link';
import { usePlaceholder } from '@/lib/use-placeholder';

/** Grid tiles are a third of a 935 px column at most; the 320 and 640 variants cover 1x and 2x. */
const gridSizes = '(max-width: 935px) 34vw, 310px';
const gridMaxVariant = 640;

interface PostsGridProps {
  posts: Post[];
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Posts as square tiles, three a row (a profile's posts and tabs, explore, a hashtag). */
export function PostsGrid({ posts, hasNextPage, loadingMore, onLoadMore }: PostsGridProps) {
  return (
    <>
      <ul
        aria-label="Posts"
        className="grid gap-0.5 sm:gap-1"
        style={{ gridTemplateColumns: `repeat(${limits.profileGridColumns}, minmax(0, 1fr))` }}
      >
        {posts.map((post) => (
          <GridTile key={post.id} post={post} />
        ))}
      </ul>
      {hasNextPage && <LoadMore loading={loadingMore} onLoadMore={onLoadMore} />}
    </>
  );
}

/** A tile opens its post: as a dialog over the page on wide screens, as a page on phones. */
function GridTile({ post }: { post: Post }) {
  const [loaded, setLoaded] = useState(false);
  // A photo that did not arrive leaves its placeholder colours, not a broken-image icon.
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  const placeholder = usePlaceholder(post.image.placeholder, img, loaded);
  const altText = post.images[0]?.alt_text;
  const video = post.media[0]?.type === 'video';
  const kind = video ? 'Video' : 'Photo';
  const alt =
    altText ?? (post.caption ? `${kind}: ${post.caption}` : `${kind} by ${post.author.username}`);
  return (
    <li>
      <PostLink
        postId={post.id}
        className="relative block aspect-square overflow-hidden bg-neutral-100 bg-cover bg-center"
        style={placeholder}
      >
        {failed ? (
          <span role="img" aria-label={alt} className="absolute inset-0" />
        ) : (
          <img
            ref={img}
            onLoad={() => setLoaded(true)}
            onError={() => setFailed(true)}
            src={bestSource(post.image, post.image_url, gridMaxVariant / 2)}
            srcSet={srcSet(post.image, post.image_url, gridMaxVariant)}
            sizes={gridSizes}
            width={post.image.width || undefined}
            height={post.image.height || undefined}
            alt={alt}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        )}
        {/* Several photos: Instagram's mark for a carousel; a video alone: a film's. */}
        {post.images.length > 1 ? (
          <Copy
            aria-hidden
            data-testid="carousel-mark"
            className="absolute top-2 right-2 size-5 -scale-x-100 text-white drop-shadow"
          />
        ) : (
          video && (
            <Film
              aria-hidden
              data-testid="video-mark"
              className="absolute top-2 right-2 size-5 text-white drop-shadow"
            />
          )
        )}
        {/* Only its author sees a post still being made ready (a video being transcoded). */}
        {post.media.some((item) => item.status === 'processing') && (
          <span className="absolute inset-x-0 bottom-0 bg-black/50 py-1 text-center text-xs font-semibold text-white">
            Processing…
          </span>
        )}
      </PostLink>
    </li>
  );
}
