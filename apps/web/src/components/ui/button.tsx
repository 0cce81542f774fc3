import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'link';

const variants: Record<Variant, string> = {
  primary:
    'rounded-lg bg-brand px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-50',
  secondary:
    'rounded-lg bg-neutral-100 px-4 py-1.5 text-sm font-semibold text-neutral-900 hover:bg-neutral-200 disabled:opacity-50',
  link: 'text-sm font-semibold text-brand hover:text-brand-dark disabled:opacity-40',
};

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...rest}
    />
  );
}
