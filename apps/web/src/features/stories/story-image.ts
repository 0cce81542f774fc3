import { bestSource, type PostImage } from '@pinhole/contracts';

/** From this width on (Tailwind's `sm`) the viewer is a centred 9:16 card, not the whole screen. */
export const storyCardMinWidth = 640;
/** The card's tallest height in CSS px (its `max-h`): past it the card stops growing. */
export const storyCardMaxHeight = 896;
/** The card leaves this much of the screen's height free around it, in CSS px (`2rem`). */
const storyCardMargin = 32;

/** How many device pixels wide a story is drawn on this screen. */
export function storyPixelWidth(): number {
  const wide = window.matchMedia?.(`(min-width: ${storyCardMinWidth}px)`).matches ?? false;
  const cssWidth = wide
    ? (Math.min(window.innerHeight - storyCardMargin, storyCardMaxHeight) * 9) / 16
    : window.innerWidth;
  return Math.round(cssWidth * (window.devicePixelRatio || 1));
}

/**
 * The one variant a story is drawn from. Chosen here rather than by `srcset` so that the image
 * fetched ahead for the next story is exactly the one its `<img>` will ask for.
 */
export function storySource(image: PostImage, pixelWidth: number): string {
  return bestSource(image, image.variants.at(-1)?.url ?? '', pixelWidth);
}

/** Starts fetching an image into the browser's cache. */
export function preloadImage(url: string): void {
  if (!url) return;
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
}
