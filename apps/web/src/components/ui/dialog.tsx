import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  widthClass?: string;
}

/**
 * A modal panel. In dark mode a hairline ring draws its edge: black on a page dimmed to black,
 * its shadow shows nothing. Radix gives the title wiring, the focus trap, Escape and outside-click closing,
 * and hides the rest of the page from assistive technology while open.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
  widthClass = 'max-w-sm',
}: DialogProps) {
  // Radix gives focus back only to its own Trigger, and these dialogs are opened by our buttons
  // (Create, a menu's item): without this, closing left focus on the page's body and a keyboard
  // reader started again from the top. The opener is whatever had focus as the dialog opened.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const element = opener.current;
            opener.current = null;
            if (!element?.isConnected) return;
            event.preventDefault();
            element.focus();
          }}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl bg-white shadow-2xl focus:outline-none dark:ring-1 dark:ring-line ${widthClass}`}
        >
          <div className="relative flex h-11 shrink-0 items-center justify-center border-b border-line px-12">
            <DialogPrimitive.Title className="text-base font-semibold">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1.5 text-neutral-900 hover:bg-neutral-100"
            >
              <X aria-hidden className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="overflow-y-auto">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
