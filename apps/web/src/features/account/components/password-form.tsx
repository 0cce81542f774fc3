import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useChangePassword } from '@/features/account/api/account';

const field =
  'w-full rounded-lg border border-line bg-neutral-50 px-3 py-2 text-sm outline-none focus:border-neutral-400';

/** Current, new and again; the server's messages under each field; other sessions end. */
export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useChangePassword();
  const ids = { current: useId(), next: useId(), again: useId() };
  const fields = change.error instanceof ApiError ? (change.error.fields ?? {}) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(next !== again);
    if (next !== again) return;
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setAgain('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <label htmlFor={ids.current} className="text-sm font-semibold">
        Current password
      </label>
      <input
        id={ids.current}
        type="password"
        autoComplete="current-password"
        className={field}
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <p aria-live="polite" className="-mt-2 min-h-4 text-xs text-red-600">
        {fields.current_password ?? ''}
      </p>
      <label htmlFor={ids.next} className="text-sm font-semibold">
        New password
      </label>
      <input
        id={ids.next}
        type="password"
        autoComplete="new-password"
        className={field}
        value={next}
        onChange={(event) => setNext(event.target.value)}
      />
      <p aria-live="polite" className="-mt-2 min-h-4 text-xs text-red-600">
        {fields.new_password ?? ''}
      </p>
      <label htmlFor={ids.again} className="text-sm font-semibold">
        Confirm new password
      </label>
      <input
        id={ids.again}
        type="password"
        autoComplete="new-password"
        className={field}
        value={again}
        onChange={(event) => setAgain(event.target.value)}
      />
      <p aria-live="polite" className="-mt-2 min-h-4 text-xs text-red-600">
        {mismatch ? 'Passwords do not match' : ''}
      </p>
      {change.isError && !(change.error instanceof ApiError && change.error.fields) && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(change.error)}
        </p>
      )}
      <Button type="submit" disabled={change.isPending || !current || !next}>
        Change password
      </Button>
      <p role="status" className="text-sm text-muted">
        {change.isSuccess ? 'Password changed. You were signed out everywhere else.' : ''}
      </p>
    </form>
  );
}
