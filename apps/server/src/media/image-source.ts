/**
 * Reading an upload before any pixel is made: the type from its bytes, a header that makes sense,
 * the size within limits, what becomes of its colour profile, and the decoding pipeline every
 * later step starts from (with the safety limits). A HEIC is turned into a PNG of its pixels here.
 */
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';

import { decodeHeic } from './heic';
import { profileKind } from './icc';
import { corrupt, toRejection, tooManyPixels, unsupported } from './image-rejection';
import { pixelsAsPng } from './pixels-png';
import { sniffImageFormat, type SniffedFormat } from './sniff';
import { decodeJpegTolerantly } from './tolerant-jpeg';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** Largest accepted image, in pixels over all frames (40 MP: a 12 MP photo has room to spare). */
export const maxInputPixels = 40_000_000;

/** Safety net for one sharp pipeline; a legitimate image under 40 MP takes far less. */
const pipelineTimeoutSeconds = 20;

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

/**
 * What becomes of an embedded colour profile:
 * - `ignore`: there is none, or it is sRGB in effect: nothing to convert, none written.
 * - `keep`: an RGB profile (Display P3 from phones, Adobe RGB from cameras) stays on the original
 *   byte for byte, so the original keeps its colours and gamut in every colour-managed browser;
 *   converting 12 MP through LittleCMS would cost more than decoding and encoding together. The
 *   variants and the placeholder are converted to sRGB at their own, small size.
 * - `convert`: everything else (CMYK, grey, large profiles, GIF) becomes plain sRGB everywhere.
 */
export type ProfileHandling = 'ignore' | 'keep' | 'convert';

/**
 * A kept profile is a colour description, nothing more: the matrix-and-curve profiles cameras and
 * phones embed are 0.5–3 KB. Anything larger (lookup-table profiles, or data riding along) is
 * converted away instead of being carried into a public file.
 */
const maxKeptProfileBytes = 8 * 1024;

export interface SourceInfo {
  /** The format of the bytes decoded (a PNG of a HEIC's pixels: see `decodable`). */
  format: ImageFormat;
  /** The format the original is stored in: the input's own, but JPEG (or PNG) for a HEIC. */
  output: ImageFormat;
  /** Frames kept: more than 1 only for animated GIF and WebP. */
  pages: number;
  /** Width of the displayed image: after EXIF orientation for stills, one frame's for animations. */
  width: number;
  /** Height of the displayed image, like `width`. */
  height: number;
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
export function decode(
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
export async function readHeader(input: Buffer): Promise<Header> {
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
    height: pages > 1 ? (metadata.pageHeight ?? metadata.height) : metadata.autoOrient.height,
    isPalette: metadata.isPalette === true,
    profile: await profileHandling(sniffed, metadata.icc),
  };
}

/** What `decodable` hands the pipeline. */
export interface Decodable {
  input: Buffer;
  source: SourceInfo;
}

/**
 * The bytes the pipeline decodes, and what they hold. A HEIC is decoded first (see heic.ts) into
 * a PNG of its pixels, oriented and with its colour profile, and stored as JPEG, or as PNG when
 * it has transparency.
 */
export async function decodable(input: Buffer): Promise<Decodable> {
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

/**
 * A JPEG that libvips refused as damaged, decoded again by the tolerant decoder (tolerant-jpeg.ts)
 * and handed to the pipeline like a HEIC: a PNG of its pixels, turned by the file's EXIF
 * orientation (the pixels carry none), with its colour profile when that describes RGB (the
 * decoder's output is RGB whatever the file held), stored as JPEG. Rejects like `decodable`, or
 * with the decoder's error.
 */
export async function decodableDamagedJpeg(input: Buffer): Promise<Decodable> {
  const { sniffed, metadata } = await readHeader(input);
  if (sniffed !== 'jpeg') throw unsupported();
  const pixels = await decodeJpegTolerantly(input, { maxPixels: maxInputPixels });
  const png = await pixelsAsPng(pixels, {
    hasAlpha: false,
    icc: metadata.channels === 3 ? metadata.icc : undefined,
    orientation: metadata.orientation,
  });
  const source = await sourceInfo(await readHeader(png));
  return { input: png, source: { ...source, output: 'jpeg' } };
}
