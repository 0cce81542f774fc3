/** How a photo's stored original is written: in its own format, with settings chosen for speed. */
import type { Sharp } from 'sharp';

import type { SourceInfo } from './image-source';

/**
 * Originals keep their format. JPEG uses the standard Huffman tables: optimised tables would save
 * about 15% of the original's bytes but cost about 70 ms more CPU for a 12 MP photo, which breaks
 * the upload latency budget (p50 ≤ 150 ms on 2 cores). AVIF uses a fast effort: a 12 MP AVIF
 * still takes over a second to encode.
 */
const originalJpeg = { quality: 82, optimiseCoding: false } as const;
const originalWebp = { quality: 82, effort: 4 } as const;
const originalAvif = { quality: 60, effort: 1 } as const;

export function encodeOriginalAs(image: Sharp, source: SourceInfo): Sharp {
  switch (source.output) {
    case 'jpeg':
      return image.jpeg(originalJpeg);
    case 'png':
      return image.png({ palette: source.isPalette });
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp(originalWebp);
    case 'avif':
      return image.avif(originalAvif);
  }
}
