import {
  reportReasonLabels,
  reportReasonSchema,
  type ReportReason,
  type ReportTargetType,
  reportNoteMaxLength,
} from '@pinhole/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { useCreateReport } from '@/domain/reports/api/create-report';

interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  /** Who wrote or owns it: a person of another server (`user@host`) may be reported there too. */
  authorUsername?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const targetNames: Record<ReportTargetType, string> = {
  post: 'post',
  comment: 'comment',
  profile: 'account',
  message: 'message',
};

/** The server of a person of another server (`user@host`); undefined for a local person. */
function remoteHostOf(username: string | undefined): string | undefined {
  const at = username?.lastIndexOf('@') ?? -1;
  return username && at > 0 ? username.slice(at + 1) : undefined;
}

/**
 * Instagram's report flow in one dialog: why (a radio list, the contract's reasons in order), an
 * optional note, Submit; then a thank-you in place of the form.
 */
export function ReportDialog({
  targetType,
  targetId,
  authorUsername,
  open,
  onOpenChange,
}: ReportDialogProps) {
  const noteId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [forward, setForward] = useState(false);
  const remoteHost = remoteHostOf(authorUsername);
  const { mutate, isPending, isSuccess, error, reset } = useCreateReport();

  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    // A later report starts from an empty form.
    if (!next) {
      setReason(null);
      setNote('');
      setForward(false);
      reset();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason || isPending) return;
    const trimmed = note.trim();
    mutate({
      target_type: targetType,
      target_id: targetId,
      reason,
      ...(trimmed ? { note: trimmed } : {}),
      ...(remoteHost ? { forward } : {}),
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen} title="Report" widthClass="max-w-md">
      {isSuccess ? (
        <div className="flex flex-col items-center gap-3 px-6 py-8 text-center">
          {/* Drawn here, not from the icon set: every icon used anywhere ships in the first script. */}
          <svg
            aria-hidden
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-12 text-green-600"
          >
            <circle cx="12" cy="12" r="10" />
            <path d="m8 12 3 3 5-6" />
          </svg>
          <p className="text-base font-semibold">Thanks for letting us know</p>
          <p className="text-sm text-muted">
            Your report helps keep this instance safe. Its admins will look at it.
          </p>
          <Button className="mt-2 w-full py-2" onClick={() => changeOpen(false)}>
            Done
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4 px-5 py-4">
          <fieldset className="flex flex-col">
            <legend className="pb-2 text-base font-semibold">
              Why are you reporting this {targetNames[targetType]}?
            </legend>
            {reportReasonSchema.options.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center justify-between gap-3 border-b border-line py-3 text-sm last:border-b-0"
              >
                {reportReasonLabels[value]}
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="size-4 accent-neutral-900"
                />
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={noteId} className="text-xs font-semibold text-neutral-700">
              Add a note (optional)
            </label>
            <textarea
              id={noteId}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={reportNoteMaxLength}
              rows={3}
              className="resize-none rounded-md border border-line bg-neutral-50 px-3 py-2 text-sm focus:border-neutral-400 focus:outline-none"
            />
          </div>
          {remoteHost && (
            <label className="flex cursor-pointer items-start gap-3 text-sm">
              <input
                type="checkbox"
                checked={forward}
                onChange={(event) => setForward(event.target.checked)}
                className="mt-0.5 size-4 accent-neutral-900"
              />
              <span>
                Forward to {remoteHost}
                <span className="block text-xs text-muted">
                  Their admins get the report too, sent by this instance, without your name.
                </span>
              </span>
            </label>
          )}
          {error && <ErrorBox>{errorMessage(error)}</ErrorBox>}
          <Button type="submit" disabled={!reason || isPending} className="w-full py-2">
            {isPending ? 'Submitting...' : 'Submit report'}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
