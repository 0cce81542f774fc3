import { Heart } from 'lucide-react';

/** More than this many unread reads `9+`: the badge stays a small round dot. */
export const badgeCap = 9;

export function badgeText(count: number): string {
  return count > badgeCap ? `${badgeCap}+` : String(count);
}

/** The heart's name: the count is part of it, as the badge is drawn only for the eyes. */
export function heartLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}

interface HeartButtonProps {
  /** Unread notifications (0 when signed out). */
  count: number;
  /** The notifications are on screen (their page, or the panel open). */
  active: boolean;
  onClick: () => void;
  /** The pointer or focus arrived: a chance to fetch what the click opens. */
  onIntent?: () => void;
  className?: string;
}

/** The header's heart, with a red badge counting what is unread. */
export function HeartButton({
  count,
  active,
  onClick,
  onIntent,
  className = '',
}: HeartButtonProps) {
  return (
    <button
      type="button"
      aria-label={heartLabel(count)}
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className={`relative ${className}`}
    >
      <Heart
        aria-hidden
        className="size-6"
        strokeWidth={active ? 2.5 : 2}
        fill={active ? 'currentColor' : 'none'}
      />
      {count > 0 && (
        <span
          aria-hidden
          data-testid="unread-badge"
          className="absolute top-0.5 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full border-2 border-white bg-like px-1 text-[11px] leading-none font-semibold text-white"
        >
          {badgeText(count)}
        </span>
      )}
    </button>
  );
}
