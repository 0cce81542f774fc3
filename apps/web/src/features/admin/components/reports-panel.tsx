import {
  pagePaths,
  reportReasonLabels,
  type Report,
  type ReportResolution,
  type ReportStatus,
} from '@pinhole/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-format';
import { useReports, useResolveReport } from '@/features/admin/api/admin';
import { PagedListState } from './paged-list';

const resolutionLabels: Record<ReportResolution, string> = {
  dismiss: 'Dismissed',
  remove_content: 'Content removed',
  suspend_author: 'Author suspended',
};

const targetLabels: Record<Report['target_type'], string> = {
  post: 'Post',
  comment: 'Comment',
  profile: 'Profile',
  message: 'Message',
};

/** The reports queue: open ones first (the default), the resolved ones a toggle away. */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const query = useReports(status);
  const reports = query.data?.pages.flatMap((page) => page.reports) ?? [];
  return (
    <section aria-label="Reports" className="flex flex-col gap-4">
      <div role="radiogroup" aria-label="Which reports" className="flex gap-2">
        {(['open', 'resolved'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={status === value}
            onClick={() => setStatus(value)}
            className="rounded-full border border-line px-3 py-1 text-sm font-semibold capitalize aria-checked:border-neutral-900 aria-checked:bg-neutral-900 aria-checked:text-white"
          >
            {value}
          </button>
        ))}
      </div>
      <PagedListState
        query={query}
        empty={reports.length === 0}
        emptyText={status === 'open' ? 'No open reports. All clear.' : 'No resolved reports yet.'}
      >
        <ul className="flex flex-col gap-3">
          {reports.map((report) => (
            <ReportCard key={report.id} report={report} />
          ))}
        </ul>
      </PagedListState>
    </section>
  );
}

function ReportCard({ report }: { report: Report }) {
  const resolve = useResolveReport();
  const [confirming, setConfirming] = useState<'remove_content' | 'suspend_author' | null>(null);
  const preview = report.target_preview;
  const act = (action: ReportResolution) =>
    resolve.mutate({ reportId: report.id, action }, { onSuccess: () => setConfirming(null) });
  const author = preview?.author.username;

  return (
    <li data-testid="report" className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs font-semibold">
          {targetLabels[report.target_type]}
        </span>
        <span className="font-semibold">{reportReasonLabels[report.reason]}</span>
        <span className="text-muted">
          reported by{' '}
          <Link
            to={pagePaths.profile.to(report.reporter.username)}
            className="font-semibold text-neutral-900 hover:underline"
          >
            {report.reporter.username}
          </Link>{' '}
          · <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
        </span>
      </div>
      {report.note && (
        <blockquote className="border-l-2 border-line pl-3 text-sm break-words whitespace-pre-line text-neutral-700">
          {report.note}
        </blockquote>
      )}
      {preview ? (
        <div className="flex gap-3 rounded-lg bg-neutral-50 p-3">
          {preview.image_url && (
            <img
              src={preview.image_url}
              alt=""
              className="size-16 shrink-0 rounded-md object-cover"
              loading="lazy"
            />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
            <span className="flex items-center gap-2">
              <Avatar name={preview.author.username} src={preview.author.avatar_url} size={20} />
              <span className="font-semibold">{preview.author.username}</span>
            </span>
            {preview.text && (
              <p className="line-clamp-3 break-words whitespace-pre-line">{preview.text}</p>
            )}
            <Link
              to={preview.href}
              className="inline-flex items-center gap-1 self-start text-xs font-semibold text-link hover:underline"
            >
              Open {targetLabels[report.target_type].toLowerCase()}
            </Link>
          </div>
        </div>
      ) : (
        <p className="rounded-lg bg-neutral-50 p-3 text-sm text-muted">
          This {report.target_type} is no longer available.
        </p>
      )}
      {report.status === 'resolved' ? (
        <p className="text-sm font-semibold text-muted">
          {report.resolution ? resolutionLabels[report.resolution] : 'Resolved'}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={resolve.isPending}
            onClick={() => act('dismiss')}
            className="rounded-lg bg-neutral-100 px-3 py-1.5 text-sm font-semibold hover:bg-neutral-200 disabled:opacity-50"
          >
            Dismiss
          </button>
          {preview && (
            <>
              <button
                type="button"
                disabled={resolve.isPending}
                onClick={() => setConfirming('remove_content')}
                className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50"
              >
                Remove content
              </button>
              <button
                type="button"
                disabled={resolve.isPending}
                onClick={() => setConfirming('suspend_author')}
                className="rounded-lg border border-red-600 px-3 py-1.5 text-sm font-semibold text-red-600 hover:bg-red-50 dark:hover:bg-red-950 disabled:opacity-50"
              >
                Suspend author
              </button>
            </>
          )}
        </div>
      )}
      {resolve.error && !confirming && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(resolve.error)}
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'suspend_author' ? `Suspend @${author}?` : 'Remove this content?'}
        confirmLabel={confirming === 'suspend_author' ? 'Suspend' : 'Remove'}
        busyLabel="Please wait..."
        busy={resolve.isPending}
        error={resolve.error ? errorMessage(resolve.error) : null}
        onConfirm={() => confirming && act(confirming)}
      >
        {confirming === 'suspend_author'
          ? `@${author} will be signed out everywhere and can't sign in; their profile, posts, comments and stories disappear for everyone but admins.`
          : `The ${report.target_type} is removed for everyone. This can't be undone.`}
      </ConfirmDialog>
    </li>
  );
}
