import fs from 'node:fs/promises';
import type { PhotoEdit } from '@pinhole/contracts';
import { limits } from '@pinhole/contracts';
import type { StoredVariant } from '../repositories/stored-variants';
import type { MediaKind, Storage } from '../storage/storage';
import { mediaKey, newKeyNonce, variantKey } from '../storage/storage';
import { ImageRejectedError, processAvatar } from './image';
import type { ImageQueue } from './image-queue';
import { ImageQueueFullError } from './image-queue';
import type { PhotoEditPlan, PictureSize } from './photo-edits';
import { planEdits } from './photo-edits';
import {
  checkPhoto,
  decodePhoto,
  imageWorkersBusy,
  rejectionToError,
  storePhoto,
} from './photo-pipeline';

/** The kinds of media a person (or a remote copy) uploads; imports store posts. */
export type UploadKind = Extract<
  MediaKind,
  'posts' | 'stories' | 'messages' | 'remoteMedia' | 'avatars'
>;

/** One upload: the temporary file a request streamed it to, or bytes already here (a copy). */
export type UploadSource = string | Buffer;

/** One stored upload: what its owner row records. A video adds its own fields next issue. */
export interface StoredUpload {
  type: 'image';
  /** The original (an avatar keeps no original: its largest square). */
  key: string;
  width: number;
  height: number;
  placeholder: string | null;
  /** What other servers draw while it loads; null for avatars and when it failed alone. */
  blurhash: string | null;
  variants: StoredVariant[];
}

export interface UploadStores {
  imageQueue: ImageQueue;
  storage: Storage;
}

/** Every stored key of these uploads: what a caller discards when its own write fails after. */
export const keysOfUploads = (stored: readonly StoredUpload[]): string[] =>
  stored.flatMap((item) => [
    item.key,
    ...item.variants.map((variant) => variant.key).filter((key) => key !== item.key),
  ]);

/**
 * The one way uploads become stored files, for every kind: each file is read once; every one is
 * checked (type from its bytes, pixel count) before any is decoded, so a bad tenth photo costs
 * nothing; then each is decoded through the image queue (one at a time: ten 12 MP photos never
 * sit decoded at once) and written with its variants, its bytes let go as soon as it is decoded.
 * If anything fails, every file already written is removed (retried while the store is
 * unreachable) and the error thrown is the API's: one bad file leaves nothing behind.
 *
 * Keeping the checked bytes until decoded costs at most the upload itself (10 × 5 MB), in place
 * of reading each file from disk a second time.
 *
 * `edits` (a post's or a story's, already validated) are the author's crop and colours, one per
 * file in order; they are planned from the checked sizes (the carousel's one aspect) before
 * anything is decoded, so an edit an animated picture cannot take is refused first too.
 */
export async function storeUploads(
  stores: UploadStores,
  kind: UploadKind,
  ownerId: string,
  files: readonly UploadSource[],
  edits: readonly (PhotoEdit | null)[] | null = null,
): Promise<StoredUpload[]> {
  const pending: (Buffer | undefined)[] = [];
  const sizes: PictureSize[] = [];
  for (const [index, file] of files.entries()) {
    const data = typeof file === 'string' ? await fs.readFile(file) : file;
    sizes.push(await checkPhoto(data, index));
    pending.push(data);
  }
  const plans = kind === 'avatars' ? [] : planEdits(edits, sizes);
  const written: string[] = [];
  const stored: StoredUpload[] = [];
  try {
    for (const [index, data] of pending.entries()) {
      pending[index] = undefined;
      stored.push(
        kind === 'avatars'
          ? await storeAvatar(stores, ownerId, data!, written)
          : await storeImage(stores, kind, ownerId, data!, index, plans[index] ?? null, written),
      );
    }
  } catch (error) {
    await stores.storage.discard(written);
    throw error;
  }
  return stored;
}

async function storeImage(
  stores: UploadStores,
  kind: Exclude<UploadKind, 'avatars'>,
  ownerId: string,
  data: Buffer,
  index: number,
  plan: PhotoEditPlan | null,
  written: string[],
): Promise<StoredUpload> {
  const image = await decodePhoto(stores.imageQueue, data, index, plan);
  const files = await storePhoto(stores.storage, kind, ownerId, image, written);
  return {
    type: 'image',
    key: files.key,
    width: image.original.width,
    height: image.original.height,
    placeholder: image.placeholder,
    blurhash: image.blurhash,
    variants: files.variants,
  };
}

/** A profile picture: its centre square as WebP at each avatar size, no original kept. */
async function storeAvatar(
  stores: UploadStores,
  ownerId: string,
  data: Buffer,
  written: string[],
): Promise<StoredUpload> {
  let avatar: Awaited<ReturnType<typeof processAvatar>>;
  try {
    avatar = await stores.imageQueue.run(() => processAvatar(data, limits.avatarVariantSizes));
  } catch (error) {
    if (error instanceof ImageRejectedError) throw rejectionToError(error, 0);
    if (error instanceof ImageQueueFullError) throw imageWorkersBusy();
    throw error;
  }
  const base = mediaKey('avatars', ownerId, Date.now(), 'webp', newKeyNonce());
  const variants: StoredVariant[] = [];
  for (const variant of avatar.variants) {
    const key = variantKey(base, variant.width, 'webp');
    await stores.storage.put(key, variant.data, variant.contentType);
    written.push(key);
    variants.push({ key, width: variant.width, height: variant.height });
  }
  const largest = variants.at(-1)!;
  return {
    type: 'image',
    key: largest.key,
    width: largest.width,
    height: largest.height,
    placeholder: avatar.placeholder,
    blurhash: null,
    variants,
  };
}
