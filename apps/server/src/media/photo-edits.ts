/**
 * What the server does with a photo's edits (API.md Part 4, "Making a post"): where each crop
 * falls in pixels, the one aspect a carousel keeps, and the colour step and vignette over raw
 * pixels. The numbers themselves (filters, adjustments, vignette) come from the contracts, the
 * same ones the browser's preview draws with.
 */
import type { PhotoEdit } from '@pinhole/contracts';
import { changesColours, colourMatrixOf, vignetteFactor, vignetteOf } from '@pinhole/contracts';
import { AppError } from '../errors';

/** A rectangle of the upright picture, in whole pixels. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What one photo gets: its crop in pixels (none: the whole picture) and its colour edit. */
export interface PhotoEditPlan {
  rect: PixelRect | null;
  edit: PhotoEdit | null;
}

/** The upright size of a picture, and whether it animates (what the checks learn from its header). */
export interface PictureSize {
  width: number;
  height: number;
  animated: boolean;
}

/** Two aspects further apart than this are different (rounding to whole pixels stays within it). */
const aspectTolerance = 0.01;

/** The crop's fractions as whole pixels: left = round(x·W), …, clamped inside, at least 1 px. */
export function cropRect(
  crop: NonNullable<PhotoEdit['crop']>,
  width: number,
  height: number,
): PixelRect {
  const left = Math.min(Math.round(crop.x * width), width - 1);
  const top = Math.min(Math.round(crop.y * height), height - 1);
  return {
    left,
    top,
    width: Math.max(1, Math.min(Math.round(crop.width * width), width - left)),
    height: Math.max(1, Math.min(Math.round(crop.height * height), height - top)),
  };
}

/** The largest region of `aspect` (width ÷ height) centred inside `rect`. */
export function centredRegion(rect: PixelRect, aspect: number): PixelRect {
  let width = rect.width;
  let height = Math.round(width / aspect);
  if (height > rect.height) {
    height = rect.height;
    width = Math.min(rect.width, Math.round(height * aspect));
  }
  width = Math.max(1, width);
  height = Math.max(1, height);
  return {
    left: rect.left + Math.floor((rect.width - width) / 2),
    top: rect.top + Math.floor((rect.height - height) / 2),
    width,
    height,
  };
}

const aspectOf = (rect: { width: number; height: number }) => rect.width / rect.height;
const sameAspect = (a: number, b: number) => Math.abs(a / b - 1) <= aspectTolerance;

const animatedRefusal = (index: number) => {
  const message = `Photo ${index + 1} is animated: crops, filters and adjustments apply to still photos only`;
  return new AppError('validation_error', message, { [`edits.${index}`]: message });
};

/**
 * Each photo's plan, or null for one that goes through untouched. A carousel has one aspect, the
 * first photo's after its crop: a later photo of another aspect (its crop's, or its own when it
 * has none) is cropped to the largest centred region of that aspect inside. Without any edit,
 * nothing is planned and every photo keeps today's path.
 */
export function planEdits(
  edits: readonly (PhotoEdit | null)[] | null | undefined,
  pictures: readonly PictureSize[],
): (PhotoEditPlan | null)[] {
  if (!edits || edits.every((edit) => edit == null)) return pictures.map(() => null);
  let aspect: number | null = null;
  return pictures.map((picture, index) => {
    const edit = edits[index] ?? null;
    const whole = { left: 0, top: 0, width: picture.width, height: picture.height };
    let rect = edit?.crop ? cropRect(edit.crop, picture.width, picture.height) : null;
    if (aspect === null) {
      aspect = aspectOf(rect ?? whole);
    } else if (!sameAspect(aspectOf(rect ?? whole), aspect)) {
      rect = centredRegion(rect ?? whole, aspect);
    }
    if (!rect && !changesColours(edit)) return null;
    if (picture.animated) throw animatedRefusal(index);
    return { rect, edit };
  });
}

/** Raw 8-bit pixels, 3 (RGB) or 4 (RGBA) channels, row by row. */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** The vignette's factors along a row `v` of the way down (mirrored: it is symmetric). */
function vignetteRow(factors: Float64Array, strength: number, v: number): void {
  const width = factors.length;
  for (let column = 0; column < Math.ceil(width / 2); column++) {
    const factor = vignetteFactor(strength, (column + 0.5) / width, v);
    factors[column] = factor;
    factors[width - 1 - column] = factor;
  }
}

/** One row through the colour step `matrix` and then `factors`, in place. */
function colourRow(
  data: Uint8Array,
  start: number,
  channels: number,
  matrix: readonly number[],
  factors: Float64Array,
): void {
  const [m0, m1, m2, o0, m4, m5, m6, o1, m8, m9, m10, o2] = matrix as number[];
  const [a0, a1, a2] = [o0! * 255, o1! * 255, o2! * 255];
  let offset = start;
  for (let column = 0; column < factors.length; column++, offset += channels) {
    const r = data[offset]!;
    const g = data[offset + 1]!;
    const b = data[offset + 2]!;
    let red = m0! * r + m1! * g + m2! * b + a0;
    let green = m4! * r + m5! * g + m6! * b + a1;
    let blue = m8! * r + m9! * g + m10! * b + a2;
    red = red < 0 ? 0 : red > 255 ? 255 : red;
    green = green < 0 ? 0 : green > 255 ? 255 : green;
    blue = blue < 0 ? 0 : blue > 255 ? 255 : blue;
    const factor = factors[column]!;
    red *= factor;
    green *= factor;
    blue *= factor;
    // Rounded to the nearest level, and clamped again: a negative vignette lightens.
    data[offset] = red >= 254.5 ? 255 : (red + 0.5) | 0;
    data[offset + 1] = green >= 254.5 ? 255 : (green + 0.5) | 0;
    data[offset + 2] = blue >= 254.5 ? 255 : (blue + 0.5) | 0;
  }
}

/**
 * The edit's colour step (`out = M·in + offset`, clamped) and then its vignette (a factor by
 * the position in this picture, clamped), in place. Values stay 0–255 throughout: the matrix
 * is linear, so scaling in and out of 0–1 changes nothing but the work. Alpha is left alone.
 * This runs over every pixel of a 12 MP original, so it is one tight loop over the bytes, and
 * the vignette's factors, symmetric about both middles, are drawn for a quarter of the picture.
 */
export function applyColourEdit(pixels: RawPixels, edit: PhotoEdit | null): void {
  const { data, width, height, channels } = pixels;
  const matrix = colourMatrixOf(edit);
  const strength = vignetteOf(edit);
  const factors = new Float64Array(width).fill(1);
  const rowBytes = width * channels;
  for (let top = 0; top < Math.ceil(height / 2); top++) {
    if (strength !== 0) vignetteRow(factors, strength, (top + 0.5) / height);
    colourRow(data, top * rowBytes, channels, matrix, factors);
    const bottom = height - 1 - top;
    if (bottom !== top) colourRow(data, bottom * rowBytes, channels, matrix, factors);
  }
}
