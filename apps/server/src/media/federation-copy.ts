/**
 * What other servers are sent of a photo stored before they were: a full-size JPEG (Pixelfed
 * takes JPEG, PNG and GIF only) of a WebP, AVIF or PNG original, and its BlurHash.
 */
import { blurhashFrom } from './blurhash';
import { toRejection } from './image-rejection';
import { decodable, decode } from './image-source';
import type { EncodedImage } from './image-variants';
import { toEncoded } from './image-variants';

/** Full size, a little higher quality than a variant: this is the photo others keep. */
const copyJpeg = { quality: 85 } as const;

/** GIFs stay GIFs (animated ones move on every server); JPEGs are sent as they are. */
export const needsJpegCopy = (key: string): boolean => /\.(webp|avif|png)$/i.test(key);

export async function federationCopy(
  stored: Buffer,
  options: { jpeg: boolean },
): Promise<{ jpeg: EncodedImage | null; blurhash: string }> {
  try {
    const { input, source } = await decodable(stored);
    const still = { firstFrameOnly: true } as const;
    const [jpeg, blurhash] = await Promise.all([
      options.jpeg
        ? toEncoded(
            // A transparent PNG shows on white, as on a page.
            decode(input, source, still).flatten({ background: '#ffffff' }).jpeg(copyJpeg),
            'jpeg',
            false,
          )
        : null,
      blurhashFrom(decode(input, source, still)),
    ]);
    return { jpeg, blurhash };
  } catch (error) {
    throw toRejection(error);
  }
}
