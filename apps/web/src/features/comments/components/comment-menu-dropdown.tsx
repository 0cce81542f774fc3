import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { commentMenuTrigger, type CommentMenuProps } from './comment-menu-props';

const ReportDialog = lazy(() =>
  import('@/domain/reports/components/report-dialog').then((m) => ({ default: m.ReportDialog })),
);
const DeleteCommentDialog = lazy(() =>
  import('./delete-comment-dialog').then((m) => ({ default: m.DeleteCommentDialog })),
);

const item =
  'flex cursor-pointer items-center rounded-md px-3 py-2.5 text-sm outline-none select-none data-highlighted:bg-neutral-100';

type Chosen = 'report' | 'delete' | null;

/** The comment's menu, and the dialog its choice opens (beside the menu, which closes). */
export function CommentMenuDropdown({
  comment,
  canDelete,
  canReport,
  onDeleted,
  defaultOpen,
}: CommentMenuProps & { defaultOpen: boolean }) {
  const [chosen, setChosen] = useState<Chosen>(null);
  // Mounted from the first choice on, then kept (Radix animates open and closed).
  const [mounted, setMounted] = useState<Chosen[]>([]);
  const choose = (next: Exclude<Chosen, null>) => {
    setMounted((list) => (list.includes(next) ? list : [...list, next]));
    setChosen(next);
  };
  const openChange = (open: boolean) => {
    if (!open) setChosen(null);
  };
  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger aria-label="Comment options" className={commentMenuTrigger}>
          <Ellipsis aria-hidden className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-50 min-w-40 rounded-xl border border-line bg-white p-1.5 shadow-lg"
          >
            {canReport && (
              <DropdownMenu.Item className={item} onSelect={() => choose('report')}>
                Report
              </DropdownMenu.Item>
            )}
            {canDelete && (
              <DropdownMenu.Item
                className={`${item} text-red-600`}
                onSelect={() => choose('delete')}
              >
                Delete
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Suspense fallback={null}>
        {mounted.includes('report') && (
          <ReportDialog
            targetType="comment"
            targetId={comment.id}
            authorUsername={comment.author.username}
            open={chosen === 'report'}
            onOpenChange={openChange}
          />
        )}
        {mounted.includes('delete') && (
          <DeleteCommentDialog
            comment={comment}
            open={chosen === 'delete'}
            onOpenChange={openChange}
            onDeleted={onDeleted}
          />
        )}
      </Suspense>
    </>
  );
}
