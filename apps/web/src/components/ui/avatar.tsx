import { useState } from 'react';
import { isSameOriginUrl } from '@/lib/image-sources';
import { hashString } from '@/lib/hash-string';

interface AvatarProps {
  /** Username (or name) the initial and the colours are drawn from. */
  name: string;
  src?: string | null;
  /** Diameter in CSS pixels (also the image's intrinsic size when `fill` is set). */
  size: number;
  /** Fill the parent box instead, so CSS can size it per breakpoint (font size from className). */
  fill?: boolean;
  /** Text alternative for a photo; empty when the name is printed beside the avatar. */
  alt?: string;
  className?: string;
}

/**
 * A round profile picture, or the first letter of the name on a gradient whose hues come from
 * the name, so the same person always gets the same colours without any image request.
 */
export function Avatar({ name, src, size, fill = false, alt = '', className = '' }: AvatarProps) {
  const box = fill ? { width: '100%', height: '100%' } : { width: size, height: size };
  // A picture that did not arrive (a remote person's, not fetched yet) is drawn as the initial.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (isSameOriginUrl(src) && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        // Never ahead of the feed's first photo, the page's largest paint: a lazy image is not
        // preloaded by the server's HTML and waits for layout.
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={`shrink-0 rounded-full bg-neutral-100 object-cover ${className}`}
        style={box}
      />
    );
  }
  const hue = hashString(name) % 360;
  const initial = (Array.from(name.trim())[0] ?? '?').toUpperCase();
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      data-testid="avatar-initial"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none ${className}`}
      style={{
        ...box,
        fontSize: fill ? undefined : Math.round(size * 0.42),
        backgroundImage: `linear-gradient(135deg, hsl(${hue} 70% 52%), hsl(${(hue + 60) % 360} 72% 42%))`,
      }}
    >
      {initial}
    </span>
  );
}
