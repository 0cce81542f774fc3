import { BadgeCheck } from 'lucide-react';

export function VerifiedBadge({ className = 'size-4' }: { className?: string }) {
  return (
    <BadgeCheck
      role="img"
      aria-label="Verified"
      className={`shrink-0 fill-brand text-white ${className}`}
    />
  );
}
