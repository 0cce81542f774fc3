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
import type { VideoTools } from './ffmpeg';
import { sniffImageFormat, sniffVideoContainer } from './sniff';
import type { VideoFacts } from './video-probe';
import { VideoRejectedError, outputSize, probeVideo, readHead } from './video-probe';
import { videoRejectionToError, videoTakesNoEdits, videosNeedFfmpeg } from './video-rejection';
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

/** One stored upload: what its owner row records. */
export type StoredUpload = StoredImage | StoredVideo;

/**
 * A video as it arrived, stored to wait for its transcode (`key`); its size is the one it will be
 * shown at. The queue replaces it with the MP4 and its poster (services/video-jobs.service.ts).
 */
export interface StoredVideo {
  type: 'video';
  key: string;
  width: number;
  height: number;
  durationS: number;
  placeholder: null;
  blurhash: null;
  variants: StoredVariant[];
}

export interface StoredImage {
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

/** Where videos are taken (posts): the tools (null: 415) and the longest accepted. */
export interface VideoUploads {
  tools: VideoTools | null;
  maxSeconds: number;
  /** Which files were sent as videos (type or name), in order: see `checkVideo`. */
  declared?: readonly boolean[];
}

/** One checked upload, waiting to be stored. */
type Checked = { photo: Buffer } | { video: string; facts: VideoFacts };

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
  videos?: VideoUploads,
): Promise<StoredUpload[]> {
  const pending: (Checked | undefined)[] = [];
  const sizes: PictureSize[] = [];
  const photoEdits: (PhotoEdit | null)[] = [];
  for (const [index, file] of files.entries()) {
    const video = typeof file === 'string' && videos ? await checkVideo(videos, file, index) : null;
    if (video) {
      if (edits?.[index]) throw videoTakesNoEdits(index);
      pending.push({ video: file as string, facts: video });
      continue;
    }
    const data = typeof file === 'string' ? await fs.readFile(file) : file;
    sizes.push(await checkPhoto(data, index));
    photoEdits.push(edits?.[index] ?? null);
    pending.push({ photo: data });
  }
  // A carousel's one aspect is its photos': videos are shown whole, never cropped.
  const photoPlans = kind === 'avatars' ? [] : planEdits(edits ? photoEdits : null, sizes);
  let photoIndex = 0;
  const written: string[] = [];
  const stored: StoredUpload[] = [];
  try {
    for (const [index, checked] of pending.entries()) {
      const item = checked!;
      pending[index] = undefined;
      if ('video' in item) {
        stored.push(await storeVideo(stores.storage, kind, ownerId, item, written));
        continue;
      }
      const plan = photoPlans[photoIndex++] ?? null;
      stored.push(
        kind === 'avatars'
          ? await storeAvatar(stores, ownerId, item.photo, written)
          : await storeImage(stores, kind, ownerId, item.photo, index, plan, written),
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
): Promise<StoredImage> {
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
): Promise<StoredImage> {
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

/**
 * A video's facts when `file` is one by its bytes (null: a photo, or anything else, which the
 * photo checks refuse as today). Without ffmpeg a video is refused with 415.
 */
async function checkVideo(
  videos: VideoUploads,
  file: string,
  index: number,
): Promise<VideoFacts | null> {
  const head = await readHead(file);
  if (!sniffVideoContainer(head)) {
    // Sent as a video but not one by its bytes (an HLS playlist, a concat list, text named
    // `.mp4`): refused as a broken video, never handed to ffprobe. A real photo sent under a
    // video's name is still a photo.
    if (videos.declared?.[index] && sniffImageFormat(head) === null) {
      if (!videos.tools) throw videosNeedFfmpeg();
      throw videoRejectionToError(new VideoRejectedError('damaged'), index, videos.maxSeconds);
    }
    return null;
  }
  if (!videos.tools) throw videosNeedFfmpeg();
  try {
    return await probeVideo(videos.tools, file, videos.maxSeconds);
  } catch (error) {
    throw videoRejectionToError(error, index, videos.maxSeconds);
  }
}

/** The upload as it came, kept in the store until its transcode (another instance may do it). */
async function storeVideo(
  storage: Storage,
  kind: UploadKind,
  ownerId: string,
  item: { video: string; facts: VideoFacts },
  written: string[],
): Promise<StoredVideo> {
  const extension = item.facts.container === 'mov' ? 'mp4' : 'webm';
  const key = mediaKey(kind, ownerId, Date.now(), extension, newKeyNonce());
  await storage.put(key, await fs.readFile(item.video), `video/${extension}`);
  written.push(key);
  return {
    type: 'video',
    key,
    ...outputSize(item.facts),
    durationS: item.facts.durationS,
    placeholder: null,
    blurhash: null,
    variants: [],
  };
}
