/**
 * BlurHash: the placeholder Mastodon, Pixelfed and other fediverse servers draw while a photo
 * loads (their `blurhash` attachment field). Ours stays ThumbHash; this one is only for them.
 */
import { encode } from 'blurhash';
import type { Sharp } from 'sharp';

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
