import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pagePaths, limits, messages, type ImportStatus } from '@pinhole/contracts';
import { Button } from '@/components/ui/button';
import { UploadProgress } from '@/components/ui/upload-progress';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useImportStatus, useStartImport } from '@/features/account/api/imports';

const megabytes = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : `${Math.max(0.1, bytes / 1024 ** 2).toFixed(1)} MB`;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function ProgressBar({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-neutral-700">{label}</p>
      <UploadProgress fraction={value} label={label} className="h-2 w-full" />
    </div>
  );
}

/** What the import did: how many posts came in, and each item left out with the reason. */
function ImportResult({ status, onAgain }: { status: ImportStatus; onAgain: () => void }) {
  const username = useAuth().profile?.username;
  const failed = status.status === 'failed';
  // Said once in the summary too (a server without ffmpeg): an Instagram archive often holds many.
  const videos = status.failures.filter(
    (failure) => failure.reason === messages.videoNotImported,
  ).length;
  return (
    <section aria-labelledby="import-result" className="flex flex-col gap-4">
      <h2 id="import-result" className="text-base font-semibold">
        {failed ? 'The import stopped' : 'Import finished'}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        <li>{plural(status.posts_imported, 'post imported', 'posts imported')}</li>
        {status.posts_skipped > 0 && (
          <li className="text-neutral-700">
            {plural(status.posts_skipped, 'post was', 'posts were')} already in your account
          </li>
        )}
        {videos > 0 && (
          <li className="text-neutral-700">
            {plural(videos, 'video is', 'videos are')} not imported: this server has no ffmpeg
          </li>
        )}
        {failed && status.posts_total > status.posts_done && (
          <li className="text-neutral-700">
            {plural(status.posts_total - status.posts_done, 'post was', 'posts were')} not reached
          </li>
        )}
      </ul>
      {status.failures.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">
            Not imported ({status.failures.length.toLocaleString('en-US')})
          </h3>
          <ul className="flex max-h-[28rem] flex-col divide-y divide-line overflow-y-auto rounded-xl border border-line text-sm">
            {status.failures.map((failure, index) => (
              <li key={index} className="flex flex-col gap-0.5 px-3 py-2">
                <span className="font-medium break-all">{failure.item}</span>
                <span className="text-neutral-700">{failure.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-4">
        {username && status.posts_imported > 0 && (
          <Link
            to={pagePaths.profile.to(username)}
            className="text-sm font-semibold text-brand hover:text-brand-dark"
          >
            See your posts
          </Link>
        )}
        <Button variant="secondary" onClick={onAgain}>
          Import another archive
        </Button>
      </div>
    </section>
  );
}

/**
 * `/accounts/import`: choose an archive, watch it upload, then follow the import (its id is in
 * the address, so a reload or a return later shows the same import) until the result list.
 */
export function ImportArchive() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [sent, setSent] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const start = useStartImport(setSent);
  const status = useImportStatus(id);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setTooLarge(chosen !== null && chosen.size >= limits.maxImportArchiveBytes);
    setFile(chosen);
    start.reset();
  };

  const upload = () => {
    if (!file || tooLarge) return;
    abort.current = new AbortController();
    setSent(0);
    start.mutate(
      { file, signal: abort.current.signal },
      {
        onSuccess: ({ id: started }) => {
          setFile(null);
          setParams({ id: started }, { replace: true });
        },
      },
    );
  };

  const again = () => {
    start.reset();
    setParams({}, { replace: true });
  };

  if (id !== null) {
    if (status.isPending) return <p className="text-sm text-neutral-700">Loading the import…</p>;
    if (status.isError) {
      return (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(status.error)}
          </p>
          <Button variant="secondary" onClick={again}>
            Import an archive
          </Button>
        </div>
      );
    }
    const current = status.data;
    if (current.status === 'done' || current.status === 'failed') {
      return <ImportResult status={current} onAgain={again} />;
    }
    return current.status === 'queued' || current.posts_total === 0 ? (
      <ProgressBar label="Reading the archive…" value={0} />
    ) : (
      <ProgressBar
        label={`Importing… ${current.posts_done.toLocaleString('en-US')} of ${plural(current.posts_total, 'post', 'posts')}`}
        value={current.posts_done / current.posts_total}
      />
    );
  }

  const uploadError = start.isError && !(start.error instanceof DOMException);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2 text-sm text-neutral-700">
        <p>
          Bring your photos here from Instagram, or from another Pinhole. Each post keeps its photos
          in order, its caption and its date. Importing the same archive again adds nothing twice.
        </p>
        <p>
          <span className="font-semibold text-neutral-900">From Instagram:</span> in Accounts
          Center, open Your information and permissions, then Download your information. Choose the{' '}
          <span className="font-semibold">JSON</span> format, and when the download is ready, choose
          its .zip here. Videos are not imported; they are listed in the result.
        </p>
        <p>
          <span className="font-semibold text-neutral-900">From Pinhole:</span> the zip from
          Download your data.
        </p>
      </div>
      {/*
        The browser's own file control would repeat the name written beside it, cut in the middle
        on a phone: the input stays the labelled control (focus, screen readers) but is drawn as a
        button, and beside it the whole name with its size under it.
      */}
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Archive (.zip, up to 2 GB)
        </label>
        <div className="flex items-center gap-3">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".zip,application/zip"
            onChange={choose}
            disabled={start.isPending}
            className="peer sr-only"
          />
          <span
            aria-hidden
            onClick={() => input.current?.click()}
            className="shrink-0 cursor-pointer rounded-lg bg-neutral-100 px-4 py-1.5 text-sm font-semibold whitespace-nowrap text-neutral-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:bg-neutral-200"
          >
            {file ? 'Choose another' : 'Choose a file'}
          </span>
          {file ? (
            <span className="flex min-w-0 flex-col text-sm">
              <span className="wrap-anywhere text-neutral-900">{file.name}</span>
              <span className="text-xs text-neutral-700">{megabytes(file.size)}</span>
            </span>
          ) : (
            <span className="text-sm text-neutral-700">No file chosen</span>
          )}
        </div>
      </div>
      {tooLarge && (
        <p role="alert" className="text-sm text-red-600">
          {messages.archiveTooLarge}
        </p>
      )}
      {uploadError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(start.error)}
        </p>
      )}
      {start.isPending ? (
        <div className="flex flex-col gap-3">
          <ProgressBar label={`Uploading… ${Math.round(sent * 100)}%`} value={sent} />
          <Button variant="secondary" className="self-start" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button className="self-start" disabled={!file || tooLarge} onClick={upload}>
          Start import
        </Button>
      )}
    </div>
  );
}
