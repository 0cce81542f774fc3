import type { AdminStats } from '@pinhole/contracts';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';
import { useAdminStats } from '@/features/admin/api/admin';

/** `1536` → `1.5 KB`: storage in the units people read. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${formatCount(value)} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

const tiles: { label: string; value: (stats: AdminStats) => string }[] = [
  { label: 'Users', value: (s) => formatCount(s.users) },
  { label: 'Posts', value: (s) => formatCount(s.posts) },
  { label: 'Comments', value: (s) => formatCount(s.comments) },
  { label: 'Likes', value: (s) => formatCount(s.likes) },
  { label: 'Stories', value: (s) => formatCount(s.stories) },
  { label: 'Storage', value: (s) => formatBytes(s.storage_bytes) },
  { label: 'Sign-ups, last 7 days', value: (s) => formatCount(s.signups_last_7_days) },
];

/** The instance's numbers, one tile each. */
export function StatsPanel() {
  const { data, error, refetch, isFetching } = useAdminStats();
  if (error && !data)
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!data) return <Spinner label="Loading..." className="py-10 text-sm" />;
  return (
    <section aria-label="Numbers">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map(({ label, value }) => (
          <div key={label} className="flex flex-col gap-1 rounded-xl border border-line p-4">
            <dt className="text-xs font-semibold text-muted">{label}</dt>
            <dd className="text-2xl font-semibold">{value(data)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
