import { pagePaths, type Post } from '@pinhole/contracts';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Toast } from '@/components/ui/toast';
import { ViewOnServerLink } from '@/components/ui/view-on-server-link';
import { absoluteUrl } from '@/lib/absolute-url';
import { DeletePostDialog } from './delete-post-dialog';

// The edit dialog brings the photo strip and its drag-and-drop library: only for an author who
// asks for it.
const loadEditDialog = () => import('./edit-post-dialog');
const EditPostDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditPostDialog })));
const loadReportDialog = () => import('@/domain/reports/components/report-dialog');
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));

interface PostOptionsDialogProps {
  post: Post;
  /** The reader wrote the post: Edit and Delete are offered. */
  own: boolean;
  /** Someone signed in who did not write it: Report is offered. */
  canReport?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
  /** Offers "Go to post": everywhere but on the post's own page. */
  goToPost?: boolean;
}

const option =
  'flex min-h-12 w-full items-center justify-center border-t border-line px-4 text-sm first:border-t-0 hover:bg-neutral-50 focus-visible:bg-neutral-100 focus-visible:outline-none';

/** Instagram's list of a post's options: a column of choices in a small dialog. */
export function PostOptionsDialog({
  post,
  own,
  canReport = false,
  open,
  onOpenChange,
  onDeleted,
  goToPost = true,
}: PostOptionsDialogProps) {
  const postId = post.id;
  // How an action went, told after the dialog has closed.
  const [message, setMessage] = useState<string | null>(null);
  const hideMessage = useCallback(() => setMessage(null), []);
  // The dialog an option opened in place of this one.
  const [next, setNext] = useState<'edit' | 'delete' | 'report' | null>(null);
  const [editMounted, setEditMounted] = useState(false);
  const [reportMounted, setReportMounted] = useState(false);
  const copyLink = async () => {
    onOpenChange(false);
    try {
      await navigator.clipboard.writeText(absoluteUrl(pagePaths.post.to(postId)));
      setMessage('Link copied');
    } catch (error) {
      console.error('Error copying link', error);
      setMessage("Couldn't copy the link");
    }
  };
  const openInstead = (dialog: 'edit' | 'delete' | 'report') => {
    onOpenChange(false);
    if (dialog === 'edit') setEditMounted(true);
    if (dialog === 'report') setReportMounted(true);
    setNext(dialog);
  };
  const closeNext = (stillOpen: boolean) => !stillOpen && setNext(null);

  return (
    <>
      <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-[400px] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-xl bg-white shadow-2xl focus:outline-none dark:ring-1 dark:ring-line"
          >
            <DialogPrimitive.Title className="sr-only">Post options</DialogPrimitive.Title>
            {own && (
              <>
                <button
                  type="button"
                  onClick={() => openInstead('delete')}
                  className={`${option} font-semibold text-red-700`}
                >
                  Delete
                </button>
                <button
                  type="button"
                  onPointerEnter={() => void loadEditDialog()}
                  onClick={() => openInstead('edit')}
                  className={option}
                >
                  Edit
                </button>
              </>
            )}
            {canReport && (
              <button
                type="button"
                onPointerEnter={() => void loadReportDialog()}
                onClick={() => openInstead('report')}
                className={`${option} font-semibold text-red-700`}
              >
                Report
              </button>
            )}
            {goToPost && (
              <Link
                to={pagePaths.post.to(postId)}
                onClick={() => onOpenChange(false)}
                className={option}
              >
                Go to post
              </Link>
            )}
            {post.is_remote && (
              // The original, with what has not reached this server (replies, edits).
              <ViewOnServerLink
                url={post.remote_url}
                onClick={() => onOpenChange(false)}
                className={option}
              />
            )}
            <button type="button" onClick={() => void copyLink()} className={option}>
              Copy link
            </button>
            <DialogPrimitive.Close className={option}>Cancel</DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      {own && (
        <DeletePostDialog
          postId={postId}
          open={next === 'delete'}
          onOpenChange={closeNext}
          onDeleted={onDeleted}
        />
      )}
      {own && editMounted && (
        <Suspense fallback={null}>
          <EditPostDialog post={post} open={next === 'edit'} onOpenChange={closeNext} />
        </Suspense>
      )}
      {canReport && reportMounted && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType="post"
            targetId={postId}
            authorUsername={post.author.username}
            open={next === 'report'}
            onOpenChange={closeNext}
          />
        </Suspense>
      )}
      {message && <Toast onDone={hideMessage}>{message}</Toast>}
    </>
  );
}
