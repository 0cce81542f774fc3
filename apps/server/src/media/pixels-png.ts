/**
 * Pixels that came from a decoder other than libvips (HEIC's libheif, the tolerant JPEG decoder),
 * turned into a PNG the rest of the pipeline reads like any upload.
 */
import { deflateSync } from 'node:zlib';

import sharp from 'sharp';
import type { Sharp } from 'sharp';

import { pngChunk } from './icc';

export interface RgbaImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The turns and mirrors that EXIF orientation `orientation` (1–8) asks for. The pixels a decoder
 * hands back carry no EXIF, so the orientation read from the file's header is applied here, once.
 * sharp mirrors before it turns, whatever the order of the calls: 5 (transpose) is a top-bottom
 * mirror then a quarter turn clockwise, 7 (transverse) the same mirror then three quarter turns.
 */
function oriented(image: Sharp, orientation: number | undefined): Sharp {
  switch (orientation) {
    case 2:
      return image.flop();
    case 3:
      return image.rotate(180);
    case 4:
      return image.flip();
    case 5:
      return image.rotate(90).flip();
    case 6:
      return image.rotate(90);
    case 7:
      return image.rotate(270).flip();
    case 8:
      return image.rotate(270);
    default:
      return image;
  }
}

/**
 * The decoded pixels as a PNG: stored without compression (it is read back at once and never
 * kept), the alpha channel dropped when the image has none, turned by `orientation` when given,
 * and the image's colour profile (Display P3 on iPhones) carried in an iCCP chunk so the colours
 * are handled like a JPEG's profile.
 */
export async function pixelsAsPng(
  image: RgbaImage,
  options: { hasAlpha: boolean; icc: Buffer | undefined; orientation?: number | undefined },
): Promise<Buffer> {
  let pixels = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
  if (!options.hasAlpha) pixels = pixels.removeAlpha();
  pixels = oriented(pixels, options.orientation);
  const png = await pixels.png({ compressionLevel: 0, adaptiveFiltering: false }).toBuffer();
  if (!options.icc) return png;
  // After the 8-byte signature and the 25-byte IHDR chunk.
  const afterHeader = 8 + 25;
  const iccp = pngChunk(
    'iCCP',
    Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(options.icc)]),
  );
  return Buffer.concat([png.subarray(0, afterHeader), iccp, png.subarray(afterHeader)]);
}
