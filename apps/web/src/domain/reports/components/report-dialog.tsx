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
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const targetNames: Record<ReportTargetType, string> = {
  post: 'post',
  comment: 'comment',
  profile: 'account',
  message: 'message',
};

/**
 * Instagram's report flow in one dialog: why (a radio list, the contract's reasons in order), an
 * optional note, Submit; then a thank-you in place of the form.
 */
export function ReportDialog({ targetType, targetId, open, onOpenChange }: ReportDialogProps) {
  const noteId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const { mutate, isPending, isSuccess, error, reset } = useCreateReport();

  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    // A later report starts from an empty form.
    if (!next) {
      setReason(null);
      setNote('');
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
          {error && <ErrorBox>{errorMessage(error)}</ErrorBox>}
          <Button type="submit" disabled={!reason || isPending} className="w-full py-2">
            {isPending ? 'Submitting...' : 'Submit report'}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
