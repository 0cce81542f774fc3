import { messages, passwordResetRequestSchema, safetyMessages } from '@pinhole/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { useInstanceInfo } from '@/features/auth/api/instance';
import { useRequestPasswordReset } from '@/features/auth/api/password-reset';
import { TextField } from './text-field';

/**
 * "Forgot password?": an email, then one sentence whatever the server knows about it (it answers
 * the same for every email). Only a refusal that says nothing about the account (too many
 * requests, no connection, no mail server) is shown as an error, so the reader knows no email is
 * coming. A server without mail says so before anyone types (`mail: false` in the instance).
 */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const instance = useInstanceInfo(true);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? messages.internal);
      return;
    }
    setInvalid(null);
    request.mutate(parsed.data.email);
  };

  const back = (
    <button
      type="button"
      className="text-center text-sm font-semibold text-brand hover:text-brand-dark"
      onClick={onBack}
    >
      Back to sign in
    </button>
  );

  if (request.isSuccess) {
    return (
      <div className="flex flex-col gap-4 px-6 pt-4 pb-6">
        <p role="status" className="text-center text-sm text-neutral-700">
          {safetyMessages.passwordResetSent}
        </p>
        {back}
      </div>
    );
  }

  if (instance.data?.mail === false) {
    return (
      <div className="flex flex-col gap-4 px-6 pt-4 pb-6">
        <ErrorBox>{safetyMessages.mailUnavailable}</ErrorBox>
        {back}
      </div>
    );
  }

  const error = invalid ?? (request.isError ? errorMessage(request.error) : null);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 px-6 pt-4 pb-6">
      <p className="text-center text-sm text-neutral-700">
        Enter the email of your account and we&apos;ll send you a link to choose a new password.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        value={email}
        onChange={setEmail}
      />
      {error && <ErrorBox>{error}</ErrorBox>}
      <Button type="submit" disabled={request.isPending} className="mt-1 w-full py-2">
        {request.isPending ? 'Please wait...' : 'Send reset link'}
      </Button>
      {back}
    </form>
  );
}
