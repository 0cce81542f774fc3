import { findEntities } from '@pinhole/contracts';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { HashtagPosts } from '@/features/explore/components/hashtag-posts';
import { NotFoundPage } from './not-found';

/** The tag's name in lowercase if the address holds one the parser would find after `#`. */
function hashtagOf(tag: string): string | null {
  const [entity, ...others] = findEntities(`#${tag}`);
  const whole = entity?.kind === 'hashtag' && entity.end === tag.length + 1 && others.length === 0;
  return whole ? entity.value : null;
}

/** `/explore/tags/:tag`: any tag is a page (0 posts if nobody used it); a non-tag is not found. */
export function ExploreTagRoute() {
  const { tag = '' } = useParams();
  const name = hashtagOf(tag);
  if (name === null) return <NotFoundPage />;
  return <TagPage name={name} />;
}

function TagPage({ name }: { name: string }) {
  useDocumentTitle(pageTitle(`#${name}`));
  return (
    <div className="mx-auto w-full max-w-[935px] pt-6 pb-10 sm:px-5 sm:pt-10">
      <HashtagPosts name={name} />
    </div>
  );
}

// What the router's lazy import takes (see router.tsx).
export default ExploreTagRoute;
