import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useChangePassword } from '@/features/account/api/account';
import { PasswordField } from './password-field';

/** Current, new and again; the server's messages under each field; other sessions end. */
export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useChangePassword();
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
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        error={fields.current_password}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={next}
        onChange={setNext}
        error={fields.new_password}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={again}
        onChange={setAgain}
        error={mismatch ? 'Passwords do not match' : null}
      />
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
