import type { Profile } from '@pinhole/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useSetBlock } from '@/features/safety/api/blocks';

const loadReportDialog = () => import('@/domain/reports/components/report-dialog');
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));

const item =
  'flex cursor-pointer items-center rounded-md px-3 py-2.5 text-sm outline-none select-none data-highlighted:bg-neutral-100';

/**
 * The "…" beside someone else's name on their profile: Block and Report. Once blocked, the reader
 * stays on the profile, which turns into "You blocked …" with Unblock (the server answers it
 * flagged `blocked_by_me`, and useSetBlock flags the cached one at once), as on Instagram.
 */
export function ProfileMenu({ profile }: { profile: Profile }) {
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const [reportMounted, setReportMounted] = useState(false);
  const block = useSetBlock();
  const close = (open: boolean) => {
    if (!open) {
      setDialog(null);
      block.reset();
    }
  };
  const confirmBlock = () =>
    block.mutate(
      { profileId: profile.id, block: true },
      {
        onSuccess: () => setDialog(null),
      },
    );

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Options for ${profile.username}`}
          className="rounded-full p-1.5 text-neutral-900 hover:bg-neutral-100 data-[state=open]:bg-neutral-100"
        >
          <Ellipsis aria-hidden className="size-6" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-xl border border-line bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.Item
              className={`${item} font-semibold text-red-700`}
              onSelect={() => setDialog('block')}
            >
              Block
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={`${item} text-red-700`}
              onPointerEnter={() => void loadReportDialog()}
              onSelect={() => {
                setReportMounted(true);
                setDialog('report');
              }}
            >
              Report
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={dialog === 'block'}
        onOpenChange={close}
        title={`Block @${profile.username}?`}
        confirmLabel="Block"
        busyLabel="Blocking..."
        busy={block.isPending}
        error={block.error ? errorMessage(block.error) : null}
        onConfirm={confirmBlock}
      >
        They won&apos;t be able to find your profile, posts or story on Pinhole, and you won&apos;t
        see theirs. Follows between you end. They won&apos;t be told that you blocked them.
      </ConfirmDialog>
      {reportMounted && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType="profile"
            targetId={profile.id}
            authorUsername={profile.username}
            open={dialog === 'report'}
            onOpenChange={close}
          />
        </Suspense>
      )}
    </>
  );
}
