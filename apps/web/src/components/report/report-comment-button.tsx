import { lazy, Suspense, useState } from 'react';

// The dialog and its form load when a reader reaches for the button.
const loadDialog = () => import('./report-dialog');
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));

/**
 * A small "Report" beside someone else's comment, as Instagram's "Reply" sits there (words, not
 * an icon: every icon used anywhere ships in the first script).
 */
export function ReportCommentButton({ commentId }: { commentId: string }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Report comment"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="ml-2 text-xs font-semibold text-muted hover:text-neutral-900"
      >
        Report
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType="comment"
            targetId={commentId}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}
