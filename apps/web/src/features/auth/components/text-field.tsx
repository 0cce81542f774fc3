import { useId, type ReactNode } from 'react';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  autoCapitalize?: string;
  inputMode?: 'email' | 'text';
  placeholder?: string;
  required?: boolean;
  trailing?: ReactNode;
}

/** A labelled input of the sign-in forms; `trailing` sits inside its right edge (show password). */
export function TextField({ label, onChange, trailing, type = 'text', ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-neutral-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={type}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          className={`w-full rounded-md border border-line bg-neutral-50 px-3 py-2 text-sm focus:border-neutral-400 focus:outline-none ${trailing ? 'pr-10' : ''}`}
          {...input}
        />
        {trailing}
      </div>
    </div>
  );
}
