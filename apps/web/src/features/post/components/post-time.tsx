import { useClock } from '@/lib/clock';
import { formatDateTime } from '@/lib/date-format';
import { timeLabel } from '@/lib/time-label';

/**
 * The spec's relative time label, with the exact moment on hover; "Edited" beside it once the
 * author changed the post.
 */
export function PostTime({ createdAt, editedAt }: { createdAt: string; editedAt?: string | null }) {
  const clock = useClock();
  const time = (
    <time
      dateTime={createdAt}
      // The server's HTML was drawn with the server's clock, perhaps cached for a minute.
      suppressHydrationWarning
      // The full date is a hover tooltip, written when the pointer arrives: formatting it for
      // every post cost the first screen main-thread time, and the server's locale may differ.
      onPointerEnter={(event) => {
        const date = new Date(createdAt);
        if (!Number.isNaN(date.getTime())) event.currentTarget.title = formatDateTime(date);
      }}
      className="text-xs text-muted"
    >
      {timeLabel(createdAt, clock.now())}
    </time>
  );
  if (!editedAt) return time;
  return <span className="text-xs text-muted">{time} · Edited</span>;
}
