import { pagePaths } from '@pinhole/contracts';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Dialog } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { namesNothing } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { PeopleList } from '@/features/follows/components/people-list';
import { usePost } from '@/features/post/api/get-post';
import { NotFoundPage } from './not-found';
import { isPostId } from './post-content';
import { peopleTitles } from './people';

const title = peopleTitles.likes;

/** `/p/:id/liked_by`: a dialog over the page the post was on, or a page of its own. */
export default function LikedBy({ dialog = false }: { dialog?: boolean }) {
  return dialog ? <LikedByDialogRoute /> : <LikedByRoute />;
}

/**
 * `/p/:id/liked_by` as a page: on phones, and when the address is loaded directly (wide screens
 * open it from the post's "N likes" as `LikedByDialogRoute`). A post the reader may not see is
 * not found, as the post's own page is.
 */
export function LikedByRoute() {
  const { id = '' } = useParams();
  useDocumentTitle(pageTitle(title));
  const { data: post, error, refetch, isFetching } = usePost(id);
  if (!isPostId(id) || namesNothing(error)) return <NotFoundPage />;
  if (error && !post)
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!post) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-[600px] pt-4 sm:pt-8">
      <div className="flex flex-col items-center gap-1 border-b border-line pb-3">
        <h1 className="text-base font-semibold">{title}</h1>
        <Link to={pagePaths.post.to(post.id)} className="text-sm text-muted hover:underline">
          Post by {post.author.username}
        </Link>
      </div>
      <PeopleList ownerId={post.id} list="likes" />
    </div>
  );
}

/**
 * `/p/:id/liked_by` opened over the page the post was on (wide screens), as Instagram's likes
 * dialog. Closing it is Back: the address returns to where the reader was.
 */
export function LikedByDialogRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && void navigate(-1)}
      title={title}
      widthClass="max-w-[400px]"
    >
      {/* One height whatever the list holds, so the dialog does not grow as pages arrive. */}
      <div className="h-[min(400px,calc(100dvh-8rem))] overflow-y-auto" data-testid="people-scroll">
        <PeopleList ownerId={id} list="likes" />
      </div>
    </Dialog>
  );
}
