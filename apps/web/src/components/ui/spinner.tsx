import { LoaderCircle } from 'lucide-react';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-muted ${className}`}>
      <LoaderCircle aria-hidden className="size-6 animate-spin" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}

/** A page's place while its code or data loads: centred in the content area. */
export function PageSpinner() {
  return (
    <div className="flex justify-center py-20">
      <Spinner />
    </div>
  );
}
