import { buffer } from 'node:stream/consumers';
import type { AppContext } from '../app-context';
import { federationCopy, needsJpegCopy } from '../media/federation-copy';
import type { NoteSource } from '../services/federated-reads.service';
import type { MediaUrls } from '../storage/media-urls';
import { mediaUrls } from '../storage/media-urls';
import { StorageKeyExistsError, variantKey } from '../storage/storage';

type Deps = Pick<AppContext, 'services' | 'storage' | 'signer' | 'imageQueue'>;
type MediaAttachmentRow = NoteSource['images'][number];

/** What a Note needs of its photos: where they are, and what other servers are sent of them. */
export interface NoteMedia {
  urls: MediaUrls;
  /** The photos with their BlurHash and, for a WebP, AVIF or PNG original, a JPEG copy. */
  prepare(images: readonly MediaAttachmentRow[]): Promise<MediaAttachmentRow[]>;
  /** Which of these usernames are people here (a caption's mentions become links to them). */
  people(usernames: readonly string[]): Promise<Set<string>>;
}

/**
 * A photo uploaded before BlurHashes were kept, or stored as WebP, AVIF or PNG, gets what it
 * lacks the first time its post is sent or fetched: made in a slot of the image queue (as an
 * upload is), stored beside the original (removed with it) and kept on its row. Should that
 * fail, the Note goes without it: the original still shows everywhere but on Pixelfed.
 */
export function noteMedia(deps: Deps): NoteMedia {
  async function prepareOne(image: MediaAttachmentRow): Promise<MediaAttachmentRow> {
    // A video's BlurHash and JPEG (its poster) were made with its transcode.
    if (image.type === 'video') return image;
    const wantsJpeg = needsJpegCopy(image.file_key) && image.jpeg_key === null;
    if (image.blurhash !== null && !wantsJpeg) return image;
    try {
      const stored = await buffer(await deps.storage.read(image.file_key));
      const made = await deps.imageQueue.run(() => federationCopy(stored, { jpeg: wantsJpeg }));
      let jpegKey = image.jpeg_key;
      if (made.jpeg) {
        jpegKey = variantKey(image.file_key, made.jpeg.width, 'jpg');
        try {
          await deps.storage.put(jpegKey, made.jpeg.data, made.jpeg.contentType);
        } catch (error) {
          // Made at the same moment for another delivery: the same photo, kept once.
          if (!(error instanceof StorageKeyExistsError)) throw error;
        }
      }
      const media = { blurhash: made.blurhash, jpeg_key: jpegKey };
      await deps.services.federatedReads.keepFederationMedia(image.id, media);
      return { ...image, ...media };
    } catch {
      return image;
    }
  }
  return {
    urls: mediaUrls(deps.storage, deps.signer),
    // One at a time: a post of ten old photos must not take every image worker.
    async prepare(images) {
      const prepared: MediaAttachmentRow[] = [];
      for (const image of images) prepared.push(await prepareOne(image));
      return prepared;
    },
    people: (usernames) => deps.services.federatedReads.peopleHere(usernames),
  };
}
