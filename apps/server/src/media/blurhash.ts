/**
 * BlurHash: the placeholder Mastodon, Pixelfed and other fediverse servers draw while a photo
 * loads (their `blurhash` attachment field). Ours stays ThumbHash: we encode a BlurHash only for
 * them, and turn theirs into a ThumbHash for our clients until a remote photo is copied here.
 */
import { decode, encode, isBlurhashValid } from 'blurhash';
import type { Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

/** The size the hash is computed from: it keeps only a few colour waves, so 32 px is plenty. */
const sampleSize = 32;

/** Mastodon's components: four across, four down. */
const components = 4;

export async function blurhashFrom(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(sampleSize, sampleSize, { fit: 'inside' })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encode(new Uint8ClampedArray(data), info.width, info.height, components, components);
}

/** The pixels a BlurHash paints at `width` × `height`, RGBA; undefined for a malformed one. */
export function decodeBlurhash(hash: string, width: number, height: number) {
  if (!isBlurhashValid(hash).result) return undefined;
  try {
    return new Uint8Array(decode(hash, width, height));
  } catch {
    return undefined;
  }
}

/** At most 32 px on the longer side, as ThumbHash takes them. */
function thumbSize(width: number, height: number) {
  const scale = sampleSize / Math.max(width, height, 1);
  return {
    w: Math.max(1, Math.min(sampleSize, Math.round(width * scale))),
    h: Math.max(1, Math.min(sampleSize, Math.round(height * scale))),
  };
}

/** A BlurHash for a photo of this size as a ThumbHash (base64); null when it is malformed. */
export function blurhashToThumbHash(hash: string, width: number, height: number): string | null {
  const { w, h } = thumbSize(width, height);
  const pixels = decodeBlurhash(hash, w, h);
  return pixels ? Buffer.from(rgbaToThumbHash(w, h, pixels)).toString('base64') : null;
}

/** The placeholder of a remote photo whose sender gave no BlurHash: a plain grey of its shape. */
export function greyThumbHash(width: number, height: number): string {
  const { w, h } = thumbSize(width, height);
  return Buffer.from(rgbaToThumbHash(w, h, new Uint8Array(w * h * 4).fill(200))).toString('base64');
}
