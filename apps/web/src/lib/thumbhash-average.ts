import { decodeThumbHash } from './thumbhash-decode';

const averages = new Map<string, string | null>();

/**
 * The average colour a ThumbHash stores in its header (the thumbhash package's
 * `thumbHashToAverageRGBA`, MIT, read the same way). Written here because a bundle splits
 * modules, not functions: importing it from the package kept all of thumbhash, its decoder and
 * PNG encoder, in the first screen's script, where only these few lines are used.
 */
function averageOf(hash: Uint8Array): { r: number; g: number; b: number } {
  const header = (hash[0] ?? 0) | ((hash[1] ?? 0) << 8) | ((hash[2] ?? 0) << 16);
  const lightness = (header & 63) / 63;
  const p = ((header >> 6) & 63) / 31.5 - 1;
  const q = ((header >> 12) & 63) / 31.5 - 1;
  const b = lightness - (2 / 3) * p;
  const r = (3 * lightness - b + q) / 2;
  const g = r - q;
  const unit = (value: number) => Math.max(0, Math.min(1, value));
  return { r: unit(r), g: unit(g), b: unit(b) };
}

/** The ThumbHash's average colour as CSS `rgb(...)`, or null if it is unusable. */
export function thumbHashAverage(placeholder: string | null): string | null {
  if (!placeholder) return null;
  const cached = averages.get(placeholder);
  if (cached !== undefined) return cached;
  let colour: string | null = null;
  try {
    const { r, g, b } = averageOf(decodeThumbHash(placeholder));
    colour = `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    colour = null;
  }
  averages.set(placeholder, colour);
  return colour;
}
