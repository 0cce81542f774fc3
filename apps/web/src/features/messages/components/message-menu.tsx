import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';

const item =
  'flex cursor-pointer items-center rounded-md px-3 py-2.5 text-sm outline-none select-none data-highlighted:bg-neutral-100';

/**
 * A message's "…": Unsend on yours, Report on someone else's, as on Instagram, instead of a word
 * under every bubble. The button shows on hover or keyboard focus; a long press (or a right
 * click) on the bubble opens the same menu through `open`.
 */
export function MessageMenu({
  mine,
  open,
  onOpenChange,
  onUnsend,
  onReport,
}: {
  mine: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUnsend: () => void;
  onReport: () => void;
}) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger
        aria-label="Message options"
        className="shrink-0 self-center rounded-full p-1 text-muted opacity-0 group-hover:opacity-100 hover:bg-neutral-100 focus-visible:opacity-100 data-[state=open]:opacity-100"
      >
        <Ellipsis aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={mine ? 'end' : 'start'}
          sideOffset={4}
          className="z-50 min-w-36 rounded-xl border border-line bg-white p-1.5 shadow-lg"
        >
          {mine ? (
            <DropdownMenu.Item className={`${item} text-red-600`} onSelect={onUnsend}>
              Unsend
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={`${item} text-red-600`} onSelect={onReport}>
              Report
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
