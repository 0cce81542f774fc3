import { messages, passwordResetConfirmSchema, safetyMessages } from '@pinhole/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useConfirmPasswordReset } from '@/features/auth/api/password-reset';
import { TextField } from './text-field';

/**
 * The page a reset email links to: a new password, twice. The token comes from the link; a link
 * without one is as good as expired. Every session of the account ends, this browser's included,
 * so the reader is offered to sign in with the new password.
 */
export function ResetPasswordForm({ token, onSignIn }: { token: string; onSignIn: () => void }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const confirm = useConfirmPasswordReset();
  const queryClient = useQueryClient();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const parsed = passwordResetConfirmSchema.safeParse({ token, new_password: password });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? messages.internal);
      return;
    }
    if (password !== again) {
      setInvalid('Passwords do not match');
      return;
    }
    setInvalid(null);
    confirm.mutate(parsed.data, {
      // This browser's session ended too, if it had one: the header must say signed out.
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    });
  };

  if (!token) return <ErrorBox>{safetyMessages.resetLinkExpired}</ErrorBox>;

  if (confirm.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-sm text-neutral-700">
          Your password has been changed. You were signed out everywhere: sign in with the new one.
        </p>
        <Button className="w-full py-2" onClick={onSignIn}>
          Sign in
        </Button>
      </div>
    );
  }

  const error = invalid ?? (confirm.isError ? errorMessage(confirm.error) : null);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={setAgain}
      />
      {error && <ErrorBox>{error}</ErrorBox>}
      <Button type="submit" disabled={confirm.isPending} className="mt-1 w-full py-2">
        {confirm.isPending ? 'Please wait...' : 'Change password'}
      </Button>
    </form>
  );
}
