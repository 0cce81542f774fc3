import { isSafeWebUrl } from '@pinhole/contracts';
import { Globe } from 'lucide-react';

/** The host a link to another server leads to, as people read it (`photos.example`). */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * "View on photos.example": a remote person's or post's page on their own server, in a new tab
 * that cannot reach back into this one. Nothing for an address that is not a web page.
 */
export function ViewOnServerLink({
  url,
  label = (host) => `View on ${host}`,
  className = '',
  onClick,
}: {
  url: string | null;
  label?: (host: string) => string;
  className?: string;
  onClick?: () => void;
}) {
  const host = url && isSafeWebUrl(url) ? hostOf(url) : null;
  if (!url || !host) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      className={`flex min-w-0 items-center gap-1 ${className}`}
    >
      <Globe aria-hidden className="size-3.5 shrink-0" />
      <span className="truncate">{label(host)}</span>
    </a>
  );
}
