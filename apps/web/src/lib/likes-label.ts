import { formatCount } from './format';

/** `N likes` with the reader's thousands separators, or null when nobody liked the post yet. */
export function likesLabel(likesCount: number): string | null {
  if (likesCount <= 0) return null;
  return `${formatCount(likesCount)} likes`;
}
