import { auditActionLabel, pagePaths } from '@pinhole/contracts';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/date-format';
import { useAuditLog } from '@/features/admin/api/admin';
import { PagedListState } from './paged-list';

/** Every admin action, newest first: who, what, when. */
export function AuditPanel() {
  const query = useAuditLog();
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-label="Audit log" className="flex flex-col gap-3">
      <PagedListState query={query} empty={entries.length === 0} emptyText="No admin actions yet.">
        <ol className="flex flex-col divide-y divide-line">
          {entries.map((entry) => (
            <li
              key={entry.id}
              data-testid="audit-entry"
              className="flex flex-col gap-0.5 py-2.5 text-sm sm:flex-row sm:items-baseline sm:gap-3"
            >
              <time dateTime={entry.created_at} className="shrink-0 text-xs text-muted sm:w-44">
                {formatDateTime(entry.created_at)}
              </time>
              <span className="min-w-0 break-words">
                {entry.actor ? (
                  <Link
                    to={pagePaths.profile.to(entry.actor.username)}
                    className="font-semibold hover:underline"
                  >
                    {entry.actor.username}
                  </Link>
                ) : (
                  // No actor: the command line (`npm run admin`), or an admin since deleted.
                  <span className="font-semibold">Server command line:</span>
                )}{' '}
                {entry.summary}{' '}
                <span
                  // The code stays for whoever copies it into a script; people read the words.
                  title={entry.action}
                  className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-neutral-700"
                >
                  {auditActionLabel(entry.action)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      </PagedListState>
    </section>
  );
}
