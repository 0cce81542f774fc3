import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { namesNothing } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { CommentForm, PostComments } from '@/features/comments/components/comments-section';
import { usePost } from '@/features/post/api/get-post';
import { PostDetail } from '@/features/post/components/post-detail';
import { NotFoundPage } from './not-found';

/** Ids are at most 64 characters (the API refuses longer ones): not found, without asking. */
const idMaxLength = 64;

export function isPostId(id: string): boolean {
  return id.length > 0 && id.length <= idMaxLength;
}

/** One post with every comment, on its page or in a dialog; not found once it is gone. */
export function PostContent({ postId, variant }: { postId: string; variant: 'page' | 'dialog' }) {
  const { data: post, error, refetch, isFetching } = usePost(postId);
  useDocumentTitle(
    post &&
      (post.caption
        ? `${post.author.username} on Pinhole: “${post.caption}”`
        : `Photo by ${post.author.username} • Pinhole`),
  );

  // Before the data: a post deleted while its dialog is open keeps its last copy in the cache.
  if (namesNothing(error)) return <NotFoundPage />;
  if (post) {
    return (
      <PostDetail
        post={post}
        variant={variant}
        comments={<PostComments post={post} />}
        commentForm={<CommentForm postId={post.id} />}
      />
    );
  }
  if (error) {
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  return <Spinner className="flex justify-center py-20" />;
}
