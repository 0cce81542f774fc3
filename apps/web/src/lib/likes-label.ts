import { countedLabel } from './format';

/**
 * `N likes` with the reader's thousands separators (`1 like` for one, as Instagram writes it),
 * or null when nobody liked the post yet.
 */
export function likesLabel(likesCount: number): string | null {
  if (likesCount <= 0) return null;
  return countedLabel(likesCount, 'like', 'likes');
}
