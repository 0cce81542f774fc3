/**
 * Image processing for uploads: decide the type from the bytes, refuse anything that is not a
 * plain JPEG/PNG/GIF/WebP/AVIF/HEIC image, then re-encode a normalised original (orientation applied,
 * metadata stripped, sRGB), WebP variants for the feed and a ThumbHash placeholder.
 *
 * This directory is the only place that imports sharp (an ESLint rule enforces it). The steps live
 * beside this file: image-source.ts reads and checks, image-variants.ts makes what the feed shows.
 */
import type { PhotoEditPlan, PictureSize } from './photo-edits';
import { editedImage } from './edited-image';
import { toRejection } from './image-rejection';
import { encodeOriginalAs } from './original-encoding';
import type { Decodable } from './image-source';
import { decodable, decodableDamagedJpeg, decode, readHeader } from './image-source';
import type { EncodedImage, ProcessedImage } from './image-variants';
import {
  animatedVariants,
  placeholderFrom,
  placeholderMaxSize,
  settleAll,
  stillVariants,
  toEncoded,
  variantWebp,
  variantWidthsFor,
} from './image-variants';

export { createImageQueue, ImageQueueFullError } from './image-queue';
export type { ImageQueue, ImageQueueOptions } from './image-queue';
export { ImageRejectedError } from './image-rejection';
export type { ImageRejectionReason } from './image-rejection';
export { jpegHasScanData, maxInputPixels } from './image-source';
export type { ImageFormat } from './image-source';
export { variantWidthsFor } from './image-variants';
export type { EncodedImage, ProcessedImage } from './image-variants';

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
 * Runs `steps` on the upload made decodable. When they fail because libvips finds a JPEG damaged,
 * they run once more on its pixels from the tolerant decoder (see tolerant-jpeg.ts): browsers show
 * such a photo whole. If that decoder fails too, the upload is refused as damaged, as before.
 * Not for other formats, nor for any other refusal (too many pixels, not an image).
 */
async function withDamagedJpegRetry<T>(
  upload: Buffer,
  steps: (decoded: Decodable) => Promise<T>,
): Promise<T> {
  const decoded = await decodable(upload);
  try {
    return await steps(decoded);
  } catch (error) {
    const rejection = toRejection(error);
    if (rejection.reason !== 'corrupt' || decoded.source.format !== 'jpeg') throw rejection;
    const recovered = await decodableDamagedJpeg(upload).catch(() => {
      throw rejection;
    });
    return steps(recovered);
  }
}

/**
 * The checks that need no pixel decoding: an accepted type by its bytes, a readable header, at
 * most `maxInputPixels`. Cheap enough to run on every photo of a post before any is processed;
 * damage deeper in the file shows only when `processImage` decodes it. Answers the upright size
 * (one frame's, for an animation): what a crop's fractions are of.
 */
export async function checkImage(input: Buffer): Promise<PictureSize> {
  try {
    const { sniffed, metadata } = await readHeader(input);
    const animated = (sniffed === 'gif' || sniffed === 'webp') && (metadata.pages ?? 1) > 1;
    return animated
      ? { width: metadata.width, height: metadata.pageHeight ?? metadata.height, animated }
      : { ...metadata.autoOrient, animated };
  } catch (error) {
    throw toRejection(error);
  }
}

/**
 * Validates and re-encodes an uploaded image, with the author's crop and colours when `plan`
 * has them (the original, every variant and the placeholders then show the edit). Rejects with ImageRejectedError (and nothing else)
 * when the bytes are not an accepted image, are damaged, or have too many pixels.
 */
export async function processImage(
  upload: Buffer,
  plan: PhotoEditPlan | null = null,
): Promise<ProcessedImage> {
  try {
    return await withDamagedJpegRetry(upload, (decoded) =>
      plan ? editedImage(decoded.input, decoded.source, plan) : processDecodable(decoded),
    );
  } catch (error) {
    throw toRejection(error);
  }
}

/** The original and the variants of an upload made decodable. */
async function processDecodable({ input, source }: Decodable): Promise<ProcessedImage> {
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
    return await withDamagedJpegRetry(upload, async ({ input, source }) => {
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
    });
  } catch (error) {
    throw toRejection(error);
  }
}
