/**
 * What the feed shows of an image: WebP variants at the standard widths (animated ones stay
 * animated) and a ThumbHash placeholder, all in sRGB, made from one decode in parallel.
 */
import { limits } from '@pinhole/contracts';
import sharp from 'sharp';
import type { OutputInfo, Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

import { blurhashFrom } from './blurhash';
import type { ImageFormat, SourceInfo } from './image-source';
import { decode } from './image-source';

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  /** File extension without the dot: jpg, png, gif, webp or avif. */
  extension: string;
  contentType: string;
}

export interface ProcessedImage {
  /** The stored original's format (a HEIC's is JPEG: browsers other than Safari cannot show HEIC). */
  format: ImageFormat;
  /** Normalised original in its own format: metadata stripped, EXIF orientation applied, sRGB. */
  original: EncodedImage;
  /** WebP at `variantWidthsFor(original width)`, widest last. */
  variants: EncodedImage[];
  /** ThumbHash of the image, base64; null only if the placeholder alone could not be made. */
  placeholder: string | null;
  /** BlurHash of the image (what other servers draw while it loads); null if it failed alone. */
  blurhash: string | null;
}

export const placeholderMaxSize = 100;

/** What the feed and other servers show of a photo besides its original. */
export interface PhotoVariants {
  variants: EncodedImage[];
  /** ThumbHash, base64 (our own placeholder); null only if it alone could not be made. */
  placeholder: string | null;
  /** BlurHash, for other servers; null only if it alone could not be made. */
  blurhash: string | null;
}

/**
 * WebP for the variants the feed shows. Effort 2, not libwebp's default 4: the 1080 px variant was
 * the upload's critical path (encoding it took 78 ms at effort 4, 31 ms at 2), and at quality 75
 * effort 2 is within 0.15 dB PSNR of effort 4 at the same bytes on photographs (measured on the
 * three synthetic photo styles: 35.22 vs 35.30 dB, 57 vs 58 kB). Effort 3 is as slow as 4.
 */
export const variantWebp = { quality: 75, effort: 2 } as const;

const outputTypes: Record<ImageFormat, { extension: string; contentType: string }> = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
  avif: { extension: 'avif', contentType: 'image/avif' },
};

export async function toEncoded(
  image: Sharp,
  format: ImageFormat,
  animated: boolean,
): Promise<EncodedImage> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: animated ? (info.pageHeight ?? info.height) : info.height,
    ...outputTypes[format],
  };
}

const largestVariantWidth = Math.max(...limits.imageVariantWidths);

/**
 * The variant widths for an image `width` px wide: the standard widths below it, never upscaled,
 * and the image's own width when it is no wider than the largest variant, so that a srcset never
 * has to fall back to the original (a PNG, or megabytes of JPEG) to fill a wide slot.
 */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = limits.imageVariantWidths.filter((candidate) => candidate < width);
  if (width <= largestVariantWidth) widths.push(width);
  return widths;
}

function thumbHashOf(rgba: { data: Buffer; width: number; height: number }): string {
  const hash = rgbaToThumbHash(rgba.width, rgba.height, rgba.data);
  return Buffer.from(hash).toString('base64');
}

export async function placeholderFrom(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(placeholderMaxSize, placeholderMaxSize, { fit: 'inside' })
    .toColourspace('srgb') // grey images have 1 or 2 channels; ThumbHash wants RGBA
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return thumbHashOf({ data, width: info.width, height: info.height });
}

/** Like Promise.all, but rejects only once every pipeline has finished, so none outlives the call. */
export async function settleAll<T>(promises: Array<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const values: T[] = [];
  for (const result of results) {
    if (result.status === 'rejected') throw result.reason;
    values.push(result.value);
  }
  return values;
}

export type RawImage = { data: Buffer; info: OutputInfo };

export const fromRaw = ({ data, info }: RawImage) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

/** How a still is brought to the size its variants start from: by default, `width` wide. */
export type Shaping = (image: Sharp) => Sharp;

/**
 * The still at `width` (or as `shape` makes it), as sRGB pixels. With a kept profile the resized
 * pixels pass through an uncompressed PNG that carries the profile, so LittleCMS converts 1080 px,
 * not the 2000 px that JPEG shrink-on-load yields (sharp converts right after decoding): 70 ms
 * less for 12 MP.
 */
export async function srgbPixelsAt(
  input: Buffer,
  source: SourceInfo,
  width: number,
  shape: Shaping = (image) => image.resize({ width, withoutEnlargement: true }),
): Promise<RawImage> {
  const resized = shape(decode(input, source, { keepProfile: true }));
  if (source.profile !== 'keep') return resized.raw().toBuffer({ resolveWithObject: true });
  const tagged = await resized
    .toColourspace('srgb') // 8 bits a channel, like every other base
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
  return sharp(tagged, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
}

/** Every variant at `widths`, the placeholder and the BlurHash, from `base` in parallel. */
export async function variantsFrom(base: RawImage, widths: number[]): Promise<PhotoVariants> {
  const fromBase = () => fromRaw(base);
  const variants = settleAll(
    widths.map((width) => {
      const image = width >= base.info.width ? fromBase() : fromBase().resize({ width });
      return toEncoded(image.webp(variantWebp), 'webp', false);
    }),
  );
  const placeholder = placeholderFrom(fromBase()).catch(() => null);
  const blurhash = blurhashFrom(fromBase()).catch(() => null);
  return { variants: await variants, placeholder: await placeholder, blurhash: await blurhash };
}

/**
 * Still images: decode once at the widest variant size (JPEG and WebP shrink on load, so this is
 * cheap), then make every variant and the placeholder from those raw pixels in parallel.
 */
export async function stillVariants(
  input: Buffer,
  source: SourceInfo,
  widths: number[],
): Promise<PhotoVariants> {
  return variantsFrom(await srgbPixelsAt(input, source, Math.max(...widths)), widths);
}

/** Animated GIF/WebP: the variants stay animated (animated WebP, every frame resized). */
export async function animatedVariants(
  input: Buffer,
  source: SourceInfo,
  widths: number[],
): Promise<PhotoVariants> {
  const variants = settleAll(
    widths.map((width) =>
      toEncoded(
        decode(input, source).resize({ width, withoutEnlargement: true }).webp(variantWebp),
        'webp',
        true,
      ),
    ),
  );
  const firstFrame = () => decode(input, source, { firstFrameOnly: true });
  const placeholder = placeholderFrom(firstFrame()).catch(() => null);
  const blurhash = blurhashFrom(firstFrame()).catch(() => null);
  return { variants: await variants, placeholder: await placeholder, blurhash: await blurhash };
}
