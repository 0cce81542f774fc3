import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { MouseEvent } from 'react';
import { NotificationsView } from './notifications-view';

interface NotificationsPanelProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Wide screens: the notifications slide in at the side, over the page (phones go to
 * `/notifications` instead). Radix gives the focus trap, Escape and outside-click closing.
 */
export function NotificationsPanel({ userId, open, onOpenChange }: NotificationsPanelProps) {
  // Following a link (a profile, a post) leaves the panel behind, as on Instagram.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) onOpenChange(false);
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/20" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onClick={closeOnLink}
          className="fixed top-0 right-0 bottom-0 z-50 flex w-full max-w-[400px] flex-col border-l border-line bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex h-[60px] shrink-0 items-center justify-between px-4">
            <DialogPrimitive.Title className="text-2xl font-semibold">
              Notifications
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close"
              className="rounded-full p-1.5 text-neutral-900 hover:bg-neutral-100"
            >
              <X aria-hidden className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <NotificationsView userId={userId} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
