import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { commentMenuTrigger, type CommentMenuProps } from './comment-menu-props';

// Radix's dropdown, and the dialogs it opens, are not part of the first screen: they load once a
// comment with a menu is drawn (signed in only), while the reader reads.
const CommentMenuDropdown = lazy(() =>
  import('./comment-menu-dropdown').then((m) => ({ default: m.CommentMenuDropdown })),
);

/**
 * One "…" after a comment, as on Instagram, opening Report and Delete as they apply (words
 * after every comment crowded a phone's thread).
 */
export function CommentMenu(props: CommentMenuProps) {
  // A tap before the menu's code arrived opens it as soon as it has.
  const [openAtOnce, setOpenAtOnce] = useState(false);
  if (!props.canDelete && !props.canReport) return null;
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label="Comment options"
          aria-haspopup="menu"
          onClick={() => setOpenAtOnce(true)}
          className={commentMenuTrigger}
        >
          <Ellipsis aria-hidden className="size-4" />
        </button>
      }
    >
      <CommentMenuDropdown {...props} defaultOpen={openAtOnce} />
    </Suspense>
  );
}
