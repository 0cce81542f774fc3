import { useParams } from 'react-router-dom';
import { NotFoundPage } from './not-found';
import { isPostId, PostContent } from './post-content';

/** `/p/:id`: a post's own page (a deep link, a reload, or a phone's tap on a post). */
export function PostRoute() {
  const { id = '' } = useParams();
  if (!isPostId(id)) return <NotFoundPage />;
  return (
    <div className="sm:px-5 sm:pt-6">
      <PostContent postId={id} variant="page" />
    </div>
  );
}

// What the router's lazy import takes (see router.tsx).
export default PostRoute;
