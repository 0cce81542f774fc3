import { bestSource, limits, srcSet, type Post } from '@pinhole/contracts';
import { Camera } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { PostLink } from '@/lib/post-link';
import { usePlaceholder } from '@/lib/use-placeholder';
import { useProfilePosts } from '@/features/profile/api/get-profile-posts';
import { EmptyTab } from './empty-tab';

/** Grid tiles are a third of a 935 px column at most; the 320 and 640 variants cover 1x and 2x. */
const gridSizes = '(max-width: 935px) 34vw, 310px';
const gridMaxVariant = 640;

export function ProfilePostsGrid({ profileId, own }: { profileId: string; own: boolean }) {
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useProfilePosts(profileId);
  const posts = useMemo(() => data?.pages.flatMap((page) => page.posts) ?? [], [data]);
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  if (isPending) {
    return (
      <p role="status" className="py-12 text-center text-sm text-muted">
        Loading posts...
      </p>
    );
  }

  if (posts.length === 0) {
    return (
      <EmptyTab
        icon={Camera}
        title="No Posts Yet"
        text={own ? "When you share photos, they'll appear on your profile." : undefined}
      />
    );
  }

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
      {hasNextPage && <LoadMore loading={isFetchingNextPage} onLoadMore={loadMore} />}
    </>
  );
}

/** A tile opens its post: as a dialog over the profile on wide screens, as a page on phones. */
function GridTile({ post }: { post: Post }) {
  const [loaded, setLoaded] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  const placeholder = usePlaceholder(post.image.placeholder, img, loaded);
  return (
    <li>
      <PostLink
        postId={post.id}
        className="relative block aspect-square overflow-hidden bg-neutral-100 bg-cover bg-center"
        style={placeholder}
      >
        <img
          ref={img}
          onLoad={() => setLoaded(true)}
          src={bestSource(post.image, post.image_url, gridMaxVariant / 2)}
          srcSet={srcSet(post.image, post.image_url, gridMaxVariant)}
          sizes={gridSizes}
          width={post.image.width || undefined}
          height={post.image.height || undefined}
          alt={post.caption ? `Photo: ${post.caption}` : `Photo by ${post.author.username}`}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      </PostLink>
    </li>
  );
}
