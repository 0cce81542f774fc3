import { useEffect } from 'react';
import { createPortal } from 'react-dom';

/** How long a toast stays, long enough to read two words twice. */
export const toastMs = 3000;

interface ToastProps {
  children: string;
  onDone: () => void;
}

/**
 * A short message at the bottom of the screen that leaves by itself. In the body, not in place:
 * a dialog's transform would otherwise position it inside the dialog.
 */
export function Toast({ children, onDone }: ToastProps) {
  useEffect(() => {
    const timer = setTimeout(onDone, toastMs);
    return () => clearTimeout(timer);
  }, [children, onDone]);

  return createPortal(
    <div
      role="status"
      className="fixed inset-x-0 bottom-6 z-[60] flex justify-center px-4 pointer-events-none"
    >
      <p className="animate-toast-in rounded-lg bg-neutral-900 px-4 py-3 text-sm text-white shadow-lg motion-reduce:animate-none">
        {children}
      </p>
    </div>,
    document.body,
  );
}
