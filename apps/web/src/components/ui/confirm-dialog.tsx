import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { ErrorBox } from './error-box';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
}

/**
 * Instagram's question before something that cannot be undone: the action in red (a darker red
 * than Instagram's, which is too faint on white for small text), then Cancel.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <div className="flex flex-col text-sm">
        {children && <p className="px-6 py-4 text-center text-muted">{children}</p>}
        {error && (
          <div className="px-4 pb-3">
            <ErrorBox>{error}</ErrorBox>
          </div>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={onConfirm}
          // Under the title's own line when nothing stands between them.
          className={`${children || error ? 'border-y' : 'border-b'} border-line py-3.5 font-semibold text-red-700 hover:bg-neutral-50 disabled:opacity-60`}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="py-3.5 hover:bg-neutral-50"
        >
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
