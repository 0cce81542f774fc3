import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useNavigate, useParams } from 'react-router-dom';
import { HeldDraftsProvider, useHeldDraftsGuard } from '@/components/ui/discard-guard';
import { NotFoundPage } from './not-found';
import { isPostId, PostContent } from './post-content';

/**
 * `/p/:id` opened over the page it was clicked on (wide screens). Closing it is Back: the
 * address returns to that page, and Forward opens the post again.
 */
export function PostDialogRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // A comment being written is not thrown away by a click beside the post: "Discard comment?".
  const { heldDrafts, requestDiscard, discardDialog } = useHeldDraftsGuard(() => void navigate(-1));
  const close = requestDiscard;
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && close()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/70" />
        {/* The content fills the screen (the close button sits in its corner, as on Instagram);
            a click on its empty part is a click beside the post, which closes it. */}
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onClick={(event) => event.target === event.currentTarget && close()}
          className="fixed inset-0 z-50 flex items-center justify-center p-8 focus:outline-none"
        >
          <DialogPrimitive.Title className="sr-only">Post</DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-full p-2 text-white hover:bg-white/10"
          >
            <X aria-hidden className="size-7" />
          </DialogPrimitive.Close>
          <div className="max-h-full overflow-y-auto rounded-sm bg-white dark:ring-1 dark:ring-line">
            <HeldDraftsProvider value={heldDrafts}>
              {isPostId(id) ? <PostContent postId={id} variant="dialog" /> : <NotFoundPage />}
            </HeldDraftsProvider>
          </div>
          {discardDialog}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

// What the router's lazy import takes (see router.tsx).
export default PostDialogRoute;
