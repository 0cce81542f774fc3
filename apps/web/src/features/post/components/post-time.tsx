import { useClock } from '@/lib/clock';
import { timeLabel } from '@/lib/time-label';

/** The spec's relative time label, with the exact moment on hover. */
export function PostTime({ createdAt }: { createdAt: string }) {
  const clock = useClock();
  const date = new Date(createdAt);
  return (
    <time
      dateTime={createdAt}
      title={Number.isNaN(date.getTime()) ? undefined : date.toLocaleString()}
      className="text-xs text-muted"
    >
      {timeLabel(createdAt, clock.now())}
    </time>
  );
}
