import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useMounted } from '@/lib/use-mounted';
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
  // The server and the hydrating render draw the plain button: a lazy part inside Suspense would
  // be left unfinished by the server, and React would throw that HTML away with error #419
  // (the home drawn for a post's author, whose comments all have a menu).
  const mounted = useMounted();
  if (!props.canDelete && !props.canReport) return null;
  const button = (
    <button
      type="button"
      aria-label="Comment options"
      aria-haspopup="menu"
      onClick={() => setOpenAtOnce(true)}
      className={commentMenuTrigger}
    >
      <Ellipsis aria-hidden className="size-4" />
    </button>
  );
  if (!mounted) return button;
  return (
    <Suspense fallback={button}>
      <CommentMenuDropdown {...props} defaultOpen={openAtOnce} />
    </Suspense>
  );
}
