import { pagePaths } from '@pinhole/contracts';
import { useNavigate } from 'react-router-dom';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { namesNothing } from '@/lib/api-client';
import { isMissingAddress } from '@/lib/missing-address';
import { useDocumentTitle } from '@/lib/document-title';
import { postTitle } from '@/lib/page-titles';
import { CommentForm, PostComments } from '@/features/comments/components/comments-section';
import { usePost } from '@/features/post/api/get-post';
import { PostDetail } from '@/features/post/components/post-detail';
import { NotFoundPage } from './not-found';

/** What a post id can look like (the server's rule for `/p/:id`); anything else is not found. */
const postIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function isPostId(id: string): boolean {
  return postIdPattern.test(id);
}

/** One post with every comment, on its page or in a dialog; not found once it is gone. */
export function PostContent({ postId, variant }: { postId: string; variant: 'page' | 'dialog' }) {
  // The server drew this address as not found: no second request for the same 404.
  const missing = isMissingAddress(pagePaths.post.to(postId));
  const { data: post, error, refetch, isFetching } = usePost(postId, { enabled: !missing });
  const navigate = useNavigate();
  // A deleted post's page goes home; its dialog closes onto the page it was opened over.
  const leave = () =>
    void (variant === 'page' ? navigate(pagePaths.home.to(), { replace: true }) : navigate(-1));
  useDocumentTitle(post && postTitle(post));

  // Before the data: a post deleted while its dialog is open keeps its last copy in the cache.
  if (missing || namesNothing(error)) return <NotFoundPage />;
  if (post) {
    return (
      <PostDetail
        post={post}
        variant={variant}
        comments={<PostComments post={post} />}
        commentForm={<CommentForm postId={post.id} />}
        onDeleted={leave}
      />
    );
  }
  if (error) {
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  return <PageSpinner />;
}
