import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { PagedList } from '@/components/ui/paged-list';
import { useClock } from '@/lib/clock';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkAllRead } from '@/features/notifications/api/mark-all-read';
import { refreshUnreadCount, setUnreadCount } from '@/features/notifications/api/get-unread-count';
import { useUnreadCount } from '@/features/notifications/api/unread-count';
import {
  groupNotifications,
  sectionsOf,
  type NotificationSection,
} from '@/features/notifications/group-notifications';
import { NotificationRow } from './notification-row';

interface NotificationsViewProps {
  userId: string;
}

/**
 * The reader's notifications under Today / This week / Earlier, as the panel and the page draw
 * them. Being on screen is opening them: every one is then marked read.
 */
export function NotificationsView({ userId }: NotificationsViewProps) {
  const clock = useClock();
  const list = useNotifications(userId);
  useMarkReadWhileOpen(userId, list);
  return (
    <PagedList query={list} spinnerClassName="w-full justify-center py-10 text-sm">
      {(pages, more) => {
        const groups = groupNotifications(pages.flatMap((page) => page.notifications));
        if (groups.length === 0) return <EmptyNotifications />;
        return (
          <div className="flex flex-col pb-4">
            {sectionsOf(groups, clock.now()).map((section) => (
              <Section key={section.title} section={section} />
            ))}
            {more}
          </div>
        );
      }}
    </PagedList>
  );
}

function Section({ section }: { section: NotificationSection }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-b border-line py-2 last:border-b-0">
      <h2 id={headingId} className="px-4 py-2 text-base font-semibold">
        {section.title}
      </h2>
      <ul>
        {section.groups.map((group) => (
          <NotificationRow key={group.latest.id} group={group} />
        ))}
      </ul>
    </section>
  );
}

function EmptyNotifications() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-neutral-900">
        <Heart aria-hidden className="size-8" />
      </span>
      <h2 className="text-sm font-semibold">Activity On Your Posts</h2>
      <p className="text-sm text-muted">
        When someone likes or comments on one of your posts, you&apos;ll see it here.
      </p>
    </div>
  );
}

/**
 * Opening clears the badge at once. The server is told once the list has been read afresh, so
 * the rows can still show what was new this time; news arriving while open is read the same way.
 */
function useMarkReadWhileOpen(userId: string, list: ReturnType<typeof useNotifications>) {
  const queryClient = useQueryClient();
  const unread = useUnreadCount(userId);
  const { mutate: markAllRead, isError: refused } = useMarkAllRead(userId);
  const { isFetchedAfterMount, isFetching, isError, dataUpdatedAt, refetch } = list;
  const markedAt = useRef<number | null>(null);

  useEffect(() => {
    void setUnreadCount(queryClient, userId, 0);
  }, [queryClient, userId]);

  useEffect(() => {
    if (!isFetchedAfterMount || isFetching || isError) return;
    if (markedAt.current === dataUpdatedAt) return;
    // A further page read while nothing is new needs no telling.
    if (markedAt.current !== null && unread === 0) return;
    markedAt.current = dataUpdatedAt;
    markAllRead();
  }, [isFetchedAfterMount, isFetching, isError, dataUpdatedAt, unread, markAllRead]);

  // The server refused: the badge shows again what is still unread.
  useEffect(() => {
    if (refused) refreshUnreadCount(queryClient, userId);
  }, [refused, queryClient, userId]);

  // (Not after the server refused to mark them: reading and refusing again would never end.)
  useEffect(() => {
    if (unread > 0 && markedAt.current !== null && !refused) void refetch();
  }, [unread, refused, refetch]);
}
