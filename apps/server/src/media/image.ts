/**
 * Image processing for uploads: decide the type from the bytes, refuse anything that is not a
 * plain JPEG/PNG/GIF/WebP/AVIF/HEIC image, then re-encode a normalised original (orientation applied,
 * metadata stripped, sRGB), WebP variants for the feed and a ThumbHash placeholder.
 *
 * This directory is the only place that imports sharp (an ESLint rule enforces it).
 */
import { limits, messages } from '@pinhole/contracts';
import sharp from 'sharp';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

import { decodeHeic, pixelsAsPng } from './heic';
import { profileKind } from './icc';
import { sniffImageFormat, type SniffedFormat } from './sniff';

export { createImageQueue, ImageQueueFullError } from './image-queue';
export type { ImageQueue, ImageQueueOptions } from './image-queue';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

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
}

export type ImageRejectionReason = 'unsupported' | 'corrupt' | 'too_many_pixels';

export class ImageRejectedError extends Error {
  readonly reason: ImageRejectionReason;

  constructor(reason: ImageRejectionReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageRejectedError';
    this.reason = reason;
  }
}

/** Largest accepted image, in pixels over all frames (40 MP: a 12 MP photo has room to spare). */
export const maxInputPixels = 40_000_000;

/** Safety net for one sharp pipeline; a legitimate image under 40 MP takes far less. */
const pipelineTimeoutSeconds = 20;

const placeholderMaxSize = 100;

/**
 * WebP for the variants the feed shows. Effort 2, not libwebp's default 4: the 1080 px variant was
 * the upload's critical path (encoding it took 78 ms at effort 4, 31 ms at 2), and at quality 75
 * effort 2 is within 0.15 dB PSNR of effort 4 at the same bytes on photographs (measured on the
 * three synthetic photo styles: 35.22 vs 35.30 dB, 57 vs 58 kB). Effort 3 is as slow as 4.
 */
const variantWebp = { quality: 75, effort: 2 } as const;

/**
 * Originals keep their format. JPEG uses the standard Huffman tables: optimised tables would save
 * about 15% of the original's bytes but cost about 70 ms more CPU for a 12 MP photo, which breaks
 * the upload latency budget (p50 ≤ 150 ms on 2 cores). AVIF uses a fast effort: a 12 MP AVIF
 * still takes over a second to encode.
 */
const originalJpeg = { quality: 82, optimiseCoding: false } as const;
const originalWebp = { quality: 82, effort: 4 } as const;
const originalAvif = { quality: 60, effort: 1 } as const;

const outputTypes: Record<ImageFormat, { extension: string; contentType: string }> = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
  avif: { extension: 'avif', contentType: 'image/avif' },
};

/**
 * Defence in depth: libvips may only run the decoders for the five accepted formats (UltraHDR is
 * libvips' JPEG-with-gain-map loader). SVG (librsvg), TIFF, CSV, matrix, VIPS and any other loader
 * are blocked for the whole process, even if a future change forgot the sniffing below.
 */
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadJpeg',
    'VipsForeignLoadUhdr',
    'VipsForeignLoadPng',
    'VipsForeignLoadNsgif',
    'VipsForeignLoadWebp',
    'VipsForeignLoadHeif',
  ],
});

/** Every upload is different: libvips' operation cache would only hold on to memory. */
sharp.cache(false);

const unsupported = (cause?: unknown) =>
  new ImageRejectedError('unsupported', messages.notAnImage, { cause });
const corrupt = (cause?: unknown) =>
  new ImageRejectedError('corrupt', messages.corruptImage, { cause });
const tooManyPixels = (cause?: unknown) =>
  new ImageRejectedError('too_many_pixels', messages.imageTooLarge, { cause });

/** Any failure while decoding bytes that passed the sniffing means the file is damaged. */
function toRejection(error: unknown): ImageRejectedError {
  if (error instanceof ImageRejectedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message) || /timeout/i.test(message)) return tooManyPixels(error);
  return corrupt(error);
}

/**
 * What becomes of an embedded colour profile:
 * - `ignore`: there is none, or it is sRGB in effect: nothing to convert, none written.
 * - `keep`: an RGB profile (Display P3 from phones, Adobe RGB from cameras) stays on the original
 *   byte for byte, so the original keeps its colours and gamut in every colour-managed browser;
 *   converting 12 MP through LittleCMS would cost more than decoding and encoding together. The
 *   variants and the placeholder are converted to sRGB at their own, small size.
 * - `convert`: everything else (CMYK, grey, large profiles, GIF) becomes plain sRGB everywhere.
 */
type ProfileHandling = 'ignore' | 'keep' | 'convert';

/**
 * A kept profile is a colour description, nothing more: the matrix-and-curve profiles cameras and
 * phones embed are 0.5–3 KB. Anything larger (lookup-table profiles, or data riding along) is
 * converted away instead of being carried into a public file.
 */
const maxKeptProfileBytes = 8 * 1024;

interface SourceInfo {
  /** The format of the bytes decoded (a PNG of a HEIC's pixels: see `decodable`). */
  format: ImageFormat;
  /** The format the original is stored in: the input's own, but JPEG (or PNG) for a HEIC. */
  output: ImageFormat;
  /** Frames kept: more than 1 only for animated GIF and WebP. */
  pages: number;
  /** Width of the displayed image: after EXIF orientation for stills, one frame's for animations. */
  width: number;
  isPalette: boolean;
  profile: ProfileHandling;
}

/**
 * How strict decoding is. A JPEG whose last rows are missing or damaged (an upload cut short, a
 * card read badly) is shown by every browser, grey or smeared at the bottom: it is accepted the
 * same way ('none' lets libjpeg fill in what is missing). The other formats stay strict.
 */
const failOnFor = (format: SniffedFormat) => (format === 'jpeg' ? 'none' : 'error');

/**
 * A decoding pipeline with the safety limits. Stills are auto-oriented; when they are also resized,
 * sharp shrinks first and rotates the small result. Frames of an animation cannot be rotated (and
 * the formats that animate, GIF and WebP, practically never carry an EXIF orientation).
 */
function decode(
  input: Buffer,
  source: SourceInfo,
  options: { firstFrameOnly?: boolean; keepProfile?: boolean } = {},
): Sharp {
  const animated = source.pages > 1 && !options.firstFrameOnly;
  const keepProfile = options.keepProfile === true && source.profile === 'keep';
  const image = sharp(input, {
    limitInputPixels: maxInputPixels,
    failOn: failOnFor(source.format),
    animated,
    ignoreIcc: source.profile === 'ignore',
  }).timeout({ seconds: pipelineTimeoutSeconds });
  // keepIccProfile skips the conversion and writes the input's profile (and no other metadata).
  if (keepProfile) image.keepIccProfile();
  return animated ? image : image.autoOrient();
}

async function profileHandling(
  format: ImageFormat,
  icc: Buffer | undefined,
): Promise<ProfileHandling> {
  if (!icc) return 'ignore';
  const kind = await profileKind(icc);
  if (kind === 'srgb') return 'ignore';
  // GIF cannot carry a profile.
  if (kind === 'rgb' && format !== 'gif' && icc.length <= maxKeptProfileBytes) return 'keep';
  return 'convert';
}

/**
 * True when a JPEG holds some picture data: its markers are walked up to the first scan, which
 * must have at least one byte after its header. A JPEG cut before that would decode (with
 * `failOn: 'none'`) as a flat grey picture, which is damage, not a photo.
 */
export function jpegHasScanData(input: Buffer): boolean {
  let offset = 2;
  while (offset + 4 <= input.length) {
    if (input[offset] !== 0xff) return false;
    const marker = input[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = input.readUInt16BE(offset + 2);
    if (length < 2) return false;
    if (marker === 0xda) return input.length > offset + 2 + length;
    offset += 2 + length;
  }
  return false;
}

interface Header {
  sniffed: SniffedFormat;
  metadata: Metadata;
}

/** The checks that need no pixel decoding: the type by its bytes, a readable header, the size. */
async function readHeader(input: Buffer): Promise<Header> {
  const sniffed = sniffImageFormat(input);
  if (!sniffed) throw unsupported();

  let metadata: Metadata;
  try {
    // Header only, no pixel decoding; the pixel count is checked below so it fails fast.
    metadata = await sharp(input, {
      limitInputPixels: false,
      failOn: failOnFor(sniffed),
      animated: sniffed === 'gif' || sniffed === 'webp',
    }).metadata();
  } catch (error) {
    throw toRejection(error);
  }

  const expected = sniffed === 'avif' || sniffed === 'heic' ? 'heif' : sniffed;
  if (metadata.format !== expected) throw corrupt();
  if (sniffed === 'avif' && metadata.compression !== 'av1') throw unsupported();
  if (sniffed === 'heic' && metadata.compression !== 'hevc') throw unsupported();
  if (sniffed === 'jpeg' && !jpegHasScanData(input)) throw corrupt();

  const { width, height } = metadata;
  if (!(width > 0 && height > 0)) throw corrupt();
  // With `animated`, height covers every frame, so this is width × frame height × frames. A
  // HEIC's size is libheif's reading of its header, checked here before a pixel is decoded.
  if (width * height > maxInputPixels) throw tooManyPixels();
  return { sniffed, metadata };
}

async function sourceInfo({ sniffed, metadata }: Header): Promise<SourceInfo> {
  // Only `decodable` sees a HEIC; it hands the pipeline a PNG of its pixels.
  if (sniffed === 'heic') throw unsupported();
  const pages = sniffed === 'gif' || sniffed === 'webp' ? Math.max(1, metadata.pages ?? 1) : 1;
  return {
    format: sniffed,
    output: sniffed,
    pages,
    width: pages > 1 ? metadata.width : metadata.autoOrient.width,
    isPalette: metadata.isPalette === true,
    profile: await profileHandling(sniffed, metadata.icc),
  };
}

/**
 * The bytes the pipeline decodes, and what they hold. A HEIC is decoded first (see heic.ts) into
 * a PNG of its pixels, oriented and with its colour profile, and stored as JPEG, or as PNG when
 * it has transparency.
 */
async function decodable(input: Buffer): Promise<{ input: Buffer; source: SourceInfo }> {
  const header = await readHeader(input);
  if (header.sniffed !== 'heic') return { input, source: await sourceInfo(header) };
  const { metadata } = header;
  const pixels = await decodeHeic(input, {
    index: metadata.pagePrimary ?? 0,
    maxPixels: maxInputPixels,
  });
  const hasAlpha = metadata.hasAlpha === true;
  const png = await pixelsAsPng(pixels, { hasAlpha, icc: metadata.icc });
  const source = await sourceInfo(await readHeader(png));
  return { input: png, source: { ...source, output: hasAlpha ? 'png' : 'jpeg' } };
}

function encodeOriginalAs(image: Sharp, source: SourceInfo): Sharp {
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

async function toEncoded(
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

async function placeholderFrom(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(placeholderMaxSize, placeholderMaxSize, { fit: 'inside' })
    .toColourspace('srgb') // grey images have 1 or 2 channels; ThumbHash wants RGBA
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return thumbHashOf({ data, width: info.width, height: info.height });
}

/** Like Promise.all, but rejects only once every pipeline has finished, so none outlives the call. */
async function settleAll<T>(promises: Array<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const values: T[] = [];
  for (const result of results) {
    if (result.status === 'rejected') throw result.reason;
    values.push(result.value);
  }
  return values;
}

type RawImage = { data: Buffer; info: OutputInfo };

const fromRaw = ({ data, info }: RawImage) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

/**
 * The still at `width`, as sRGB pixels. With a kept profile the resized pixels pass through an
 * uncompressed PNG that carries the profile, so LittleCMS converts 1080 px, not the 2000 px that
 * JPEG shrink-on-load yields (sharp converts right after decoding): 70 ms less for 12 MP.
 */
async function srgbPixelsAt(input: Buffer, source: SourceInfo, width: number): Promise<RawImage> {
  const resized = decode(input, source, { keepProfile: true }).resize({
    width,
    withoutEnlargement: true,
  });
  if (source.profile !== 'keep') return resized.raw().toBuffer({ resolveWithObject: true });
  const tagged = await resized
    .toColourspace('srgb') // 8 bits a channel, like every other base
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
  return sharp(tagged, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
}

/**
 * Still images: decode once at the widest variant size (JPEG and WebP shrink on load, so this is
 * cheap), then make every variant and the placeholder from those raw pixels in parallel.
 */
async function stillVariants(
  input: Buffer,
  source: SourceInfo,
  widths: number[],
): Promise<{ variants: EncodedImage[]; placeholder: string | null }> {
  const base = await srgbPixelsAt(input, source, Math.max(...widths));
  const fromBase = () => fromRaw(base);

  const variants = settleAll(
    widths.map((width) => {
      const image = width >= base.info.width ? fromBase() : fromBase().resize({ width });
      return toEncoded(image.webp(variantWebp), 'webp', false);
    }),
  );
  const placeholder = placeholderFrom(fromBase()).catch(() => null);
  return { variants: await variants, placeholder: await placeholder };
}

/** Animated GIF/WebP: the variants stay animated (animated WebP, every frame resized). */
async function animatedVariants(
  input: Buffer,
  source: SourceInfo,
  widths: number[],
): Promise<{ variants: EncodedImage[]; placeholder: string | null }> {
  const variants = settleAll(
    widths.map((width) =>
      toEncoded(
        decode(input, source).resize({ width, withoutEnlargement: true }).webp(variantWebp),
        'webp',
        true,
      ),
    ),
  );
  const placeholder = placeholderFrom(decode(input, source, { firstFrameOnly: true })).catch(
    () => null,
  );
  return { variants: await variants, placeholder: await placeholder };
}

/**
 * WebP variants at `widths` of an image that was stored before (its normalised original): for
 * posts made before a width was added to `variantWidthsFor`.
 */
export async function variantsOf(stored: Buffer, widths: number[]): Promise<EncodedImage[]> {
  try {
    const { input, source } = await decodable(stored);
    if (source.pages > 1) return (await animatedVariants(input, source, widths)).variants;
    return (await stillVariants(input, source, widths)).variants;
  } catch (error) {
    throw toRejection(error);
  }
}

/**
 * The checks that need no pixel decoding: an accepted type by its bytes, a readable header, at
 * most `maxInputPixels`. Cheap enough to run on every photo of a post before any is processed;
 * damage deeper in the file shows only when `processImage` decodes it.
 */
export async function checkImage(input: Buffer): Promise<void> {
  try {
    await readHeader(input);
  } catch (error) {
    throw toRejection(error);
  }
}

/**
 * Validates and re-encodes an uploaded image. Rejects with ImageRejectedError (and nothing else)
 * when the bytes are not an accepted image, are damaged, or have too many pixels.
 */
export async function processImage(upload: Buffer): Promise<ProcessedImage> {
  try {
    const { input, source } = await decodable(upload);
    const animated = source.pages > 1;
    const widths = variantWidthsFor(source.width);
    // The original and the variants are independent pipelines: run them on separate threads.
    const [original, rest] = await Promise.allSettled([
      toEncoded(
        encodeOriginalAs(decode(input, source, { keepProfile: true }), source),
        source.output,
        animated,
      ),
      animated ? animatedVariants(input, source, widths) : stillVariants(input, source, widths),
    ]);
    // Both have settled, so no decoding outlives the call (and the caller's queue slot).
    if (original.status === 'rejected') throw original.reason;
    if (rest.status === 'rejected') throw rest.reason;
    return { format: source.output, original: original.value, ...rest.value };
  } catch (error) {
    throw toRejection(error);
  }
}

/**
 * A profile picture: the centre square of the first frame (stills auto-oriented), as WebP at each
 * of `sizes` (never upscaled past the square's own size) and a placeholder. Metadata is dropped
 * and colours converted to sRGB, as for every variant. Rejects like `processImage`.
 */
export async function processAvatar(
  upload: Buffer,
  sizes: readonly number[],
): Promise<{ variants: EncodedImage[]; placeholder: string | null }> {
  try {
    const { input, source } = await decodable(upload);
    const still = { firstFrameOnly: true } as const;
    const variants = await settleAll(
      sizes.map((size) =>
        toEncoded(
          decode(input, source, still)
            .resize(size, size, { fit: 'cover', position: 'centre', withoutEnlargement: true })
            .toColourspace('srgb')
            .webp(variantWebp),
          'webp',
          false,
        ),
      ),
    );
    const placeholder = await placeholderFrom(
      decode(input, source, still).resize(placeholderMaxSize, placeholderMaxSize, {
        fit: 'cover',
        position: 'centre',
      }),
    ).catch(() => null);
    return { variants, placeholder };
  } catch (error) {
    throw toRejection(error);
  }
}
