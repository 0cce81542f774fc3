import { useId } from 'react';

const field =
  'w-full rounded-lg border border-line bg-neutral-50 px-3 py-2 text-sm outline-none focus:border-neutral-400';

/** A labelled password input with its message underneath (empty keeps the line's height). */
export function PasswordField({
  label,
  autoComplete,
  value,
  onChange,
  error,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        className={field}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p aria-live="polite" className="-mt-2 min-h-4 text-xs text-red-600">
        {error ?? ''}
      </p>
    </>
  );
}
