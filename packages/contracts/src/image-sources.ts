import { limits } from './limits';
import type { PostImage } from './post';

const largestVariantWidth = Math.max(...limits.imageVariantWidths);

/**
 * How wide a feed photo is drawn: the feed column is 470 CSS pixels wide, and the full width of
 * smaller screens. Here, not in the client, because the server's preload of the first photo must
 * name the same candidates and sizes as the client's `<img>`, or the browser downloads it twice.
 */
export const feedImageSizes = '(max-width: 470px) 100vw, 470px';

/**
 * How wide the photo of a post's own page (`/p/:id`) is drawn: the full width of a phone, and at
 * most 600 CSS pixels beside the comments on wider screens. Shared for the same reason as above:
 * the server preloads that photo in the page's HTML.
 */
export const postPageImageSizes = '(max-width: 735px) 100vw, 600px';

/**
 * `srcset` from the stored variants, optionally only those up to `maxWidth`. Variants are never
 * upscaled, so a photo 1080 px wide or less has no 1080 variant: the original (already cleaned
 * by the server) stands in for it. A larger original is never offered, it may weigh megabytes.
 */
export function srcSet(
  image: PostImage,
  originalUrl: string,
  maxWidth = Number.POSITIVE_INFINITY,
): string | undefined {
  const candidates = image.variants.filter((variant) => variant.width <= maxWidth);
  const widest = Math.max(0, ...candidates.map((variant) => variant.width));
  if (image.width > widest && image.width <= Math.min(maxWidth, largestVariantWidth)) {
    candidates.push({ url: originalUrl, width: image.width, height: image.height });
  }
  if (candidates.length === 0) return undefined;
  return candidates.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}

/** The smallest variant at least `width` wide, else the largest, else the original. */
export function bestSource(image: PostImage, fallbackUrl: string, width: number): string {
  const sorted = [...image.variants].sort((a, b) => a.width - b.width);
  return (sorted.find((variant) => variant.width >= width) ?? sorted.at(-1))?.url ?? fallbackUrl;
}
