/**
 * Pictures our own code draws (the seed's and the bench's generated photographs), never uploads:
 * raw RGB pixels in, resized pixels or encoded bytes out. The drawing lives with its users; only
 * this small step is here, because only media/ may import sharp.
 */
import sharp from 'sharp';

/** 8-bit RGB pixels, row by row, three bytes a pixel. */
export interface RgbPixels {
  data: Buffer;
  width: number;
  height: number;
}

export type PixelEncoding =
  | { format: 'png'; compressionLevel: number }
  | {
      format: 'jpeg';
      quality: number;
      /** The colour profile embedded; none by default. */
      profile?: 'srgb' | 'p3';
      /** An EXIF orientation tag (1–8), as cameras write; it also embeds an sRGB profile. */
      orientation?: number;
    };

const fromPixels = (pixels: RgbPixels) =>
  sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } });

/** The pixels stretched to exactly `width` × `height` with a smooth (cubic) filter. */
export async function resizePixels(
  pixels: RgbPixels,
  width: number,
  height: number,
): Promise<RgbPixels> {
  const data = await fromPixels(pixels)
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** The pixels as a PNG or JPEG file, the way an editor or a camera would write them. */
export function encodePixels(pixels: RgbPixels, encoding: PixelEncoding): Promise<Buffer> {
  let image = fromPixels(pixels);
  if (encoding.format === 'png') {
    return image.png({ compressionLevel: encoding.compressionLevel }).toBuffer();
  }
  // In this order: withMetadata would embed sRGB over an earlier profile.
  if (encoding.orientation) image = image.withMetadata({ orientation: encoding.orientation });
  if (encoding.profile) image = image.withIccProfile(encoding.profile);
  return image.jpeg({ quality: encoding.quality, chromaSubsampling: '4:2:0' }).toBuffer();
}
