import { pagePaths } from '@pinhole/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '@/lib/api-client';
import { accountDeletedNotice, withNotice } from '@/lib/notice';
import { useDeleteAccount } from '@/features/account/api/account';

/** A clear warning, the password again, then the account is gone and the reader is home. */
export function DeleteAccountForm() {
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const id = useId();
  const fields = remove.error instanceof ApiError ? (remove.error.fields ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Home, saying what happened: a page that silently changed would leave the reader unsure.
    remove.mutate(password, {
      onSuccess: () =>
        navigate(pagePaths.home.to(), { replace: true, state: withNotice(accountDeletedNotice) }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div
        role="note"
        className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <p className="font-semibold">This cannot be undone.</p>
        <p className="mt-1">
          Your profile, every post and photo, your comments, likes, follows and saved posts are
          erased for good, and you are signed out everywhere. Download your data first if you want
          to keep a copy.
        </p>
      </div>
      <label htmlFor={id} className="text-sm font-semibold">
        Enter your password to confirm
      </label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        className="w-full rounded-lg border border-line bg-neutral-50 px-3 py-2 text-sm outline-none focus:border-neutral-400"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <p aria-live="polite" className="-mt-2 min-h-4 text-xs text-red-600">
        {fields.password ?? (remove.isError && !fields.password ? errorMessage(remove.error) : '')}
      </p>
      <button
        type="submit"
        disabled={remove.isPending || !password}
        className="rounded-lg bg-red-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-50"
      >
        Delete my account
      </button>
    </form>
  );
}
