import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// The dialog and its form load when a reader reaches for the button.
const loadDialog = () => import('./report-dialog');
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));

/** A small flag beside someone else's comment that opens the report dialog for it. */
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
        className="ml-1 inline-flex translate-y-0.5 rounded-full px-1 text-muted opacity-60 hover:text-neutral-900 hover:opacity-100 focus-visible:opacity-100"
      >
        <Flag aria-hidden className="size-3.5" />
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
