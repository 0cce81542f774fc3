/**
 * A photo with its author's edits (crop, filter, adjustments): the same stored files as an
 * untouched one, every one of them showing the edit.
 *
 * sharp applies its operations in a fixed order of its own, not the order they are called, so
 * the colour step and the vignette are not sharp operations here: sharp makes raw sRGB pixels
 * (upright, cropped), `applyColourEdit` changes them in place, and sharp encodes the result.
 * The original and the variants are made in parallel, as for an untouched photo: the variants
 * from their own small decode (shrink-on-load, then the crop at that scale), coloured at that
 * size, so the edit adds one pass over the original's pixels to the critical path, not a decode.
 */
import { changesColours } from '@pinhole/contracts';
import type { Sharp } from 'sharp';

import type { SourceInfo } from './image-source';
import { decode } from './image-source';
import type { EncodedImage, PhotoVariants, ProcessedImage, RawImage } from './image-variants';
import { fromRaw, srgbPixelsAt, toEncoded, variantWidthsFor, variantsFrom } from './image-variants';
import { encodeOriginalAs } from './original-encoding';
import type { PhotoEditPlan, PixelRect } from './photo-edits';
import { applyColourEdit } from './photo-edits';

const rawPixels = (raw: RawImage) => ({
  data: raw.data,
  width: raw.info.width,
  height: raw.info.height,
  channels: raw.info.channels,
});

/** Applies the edit's colours to `raw`, first made RGB(A) should it be grey. */
async function coloured(raw: RawImage, plan: PhotoEditPlan): Promise<RawImage> {
  const rgb =
    raw.info.channels >= 3
      ? raw
      : await fromRaw(raw).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  applyColourEdit(rawPixels(rgb), plan.edit);
  return rgb;
}

async function editedOriginal(
  input: Buffer,
  source: SourceInfo,
  rect: PixelRect,
  plan: PhotoEditPlan,
): Promise<EncodedImage> {
  if (!changesColours(plan.edit)) {
    // A crop alone: the original keeps its colour profile, as an untouched one does.
    const cropped = decode(input, source, { keepProfile: true }).extract(rect);
    return toEncoded(encodeOriginalAs(cropped, source), source.output, false);
  }
  // Colours are edited in sRGB, as the browser's preview draws them: the original is stored so.
  const raw = await decode(input, source)
    .extract(rect)
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return toEncoded(
    encodeOriginalAs(fromRaw(await coloured(raw, plan)), source),
    source.output,
    false,
  );
}

/**
 * The crop at `width` wide: the upright picture resized so the crop is `width` wide (JPEG and WebP
 * shrink on load), then the crop at that scale. A crop no wider than `width` is taken as it is.
 */
function cropAt(source: SourceInfo, rect: PixelRect, width: number) {
  return (image: Sharp): Sharp => {
    if (width >= rect.width) return image.extract(rect);
    const scale = width / rect.width;
    const scaledWidth = Math.max(width, Math.round(source.width * scale));
    const scaledHeight = Math.max(1, Math.round(source.height * scale));
    const height = Math.max(1, Math.min(Math.round(rect.height * scale), scaledHeight));
    return image.resize(scaledWidth, scaledHeight, { fit: 'fill' }).extract({
      left: Math.min(Math.round(rect.left * scale), scaledWidth - width),
      top: Math.min(Math.round(rect.top * scale), scaledHeight - height),
      width,
      height,
    });
  };
}

async function editedVariants(
  input: Buffer,
  source: SourceInfo,
  rect: PixelRect,
  plan: PhotoEditPlan,
  widths: number[],
): Promise<PhotoVariants> {
  const widest = Math.max(...widths);
  const base = await srgbPixelsAt(input, source, widest, cropAt(source, rect, widest));
  return variantsFrom(changesColours(plan.edit) ? await coloured(base, plan) : base, widths);
}

/**
 * The planned crop, kept inside the decoded picture: it was planned from the header's size,
 * which the decoded picture matches, but a mismatch must cost a pixel, not a failed upload.
 */
function insidePicture(rect: PixelRect | null, source: SourceInfo): PixelRect {
  if (!rect) return { left: 0, top: 0, width: source.width, height: source.height };
  const left = Math.min(rect.left, source.width - 1);
  const top = Math.min(rect.top, source.height - 1);
  return {
    left,
    top,
    width: Math.min(rect.width, source.width - left),
    height: Math.min(rect.height, source.height - top),
  };
}

/** The stored files of a still photo with its edits; animated pictures are refused before this. */
export async function editedImage(
  input: Buffer,
  source: SourceInfo,
  plan: PhotoEditPlan,
): Promise<ProcessedImage> {
  if (source.pages > 1) throw new Error('Edits apply to still pictures only');
  const rect = insidePicture(plan.rect, source);
  const widths = variantWidthsFor(rect.width);
  const [original, rest] = await Promise.allSettled([
    editedOriginal(input, source, rect, plan),
    editedVariants(input, source, rect, plan, widths),
  ]);
  // Both have settled, so no decoding outlives the call (and the caller's queue slot).
  if (original.status === 'rejected') throw original.reason;
  if (rest.status === 'rejected') throw rest.reason;
  return { format: source.output, original: original.value, ...rest.value };
}
