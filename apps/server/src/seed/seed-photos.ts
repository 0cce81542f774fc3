/**
 * The seed's photographs: a small pool of distinct generated photos, made and processed once
 * through the same `processImage` an upload goes through, then shown by many posts and stories.
 * Every post still gets its own storage keys; on local storage those are hard links to the pool
 * image's first copy, so 100 000 posts cost directory entries, not 100 GB, while other drivers
 * get a real copy through `storage.put`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProcessedImage } from '../media/image';
import { processImage } from '../media/image';
import type { Random } from '../random';
import { createRandom } from '../random';
import type { Storage } from '../storage/storage';
import { makeSyntheticPhoto, photoStyles } from './synthetic-photo';

/** Aspect ratios people post (width:height). */
const aspectRatios: ReadonlyArray<readonly [number, number]> = [
  [4, 3],
  [3, 4],
  [1, 1],
  [4, 5],
  [3, 2],
  [16, 9],
  [2, 3],
  [9, 16],
];

export interface ImagePoolOptions {
  seed: string;
  posts: number;
  /** Distinct photographs; default min(24, posts). */
  images?: number;
  /** Multiplies the photographs' size (1 ≈ 2–4 MP, a typical phone export). */
  imageScale?: number;
  onProgress?: (message: string) => void;
}

export function imagePoolSize(options: Pick<ImagePoolOptions, 'images' | 'posts'>): number {
  return Math.max(1, Math.min(options.images ?? 24, options.posts));
}

/** The distinct photographs a seed with these options shows, made and processed. */
export function makeSeedImagePool(options: ImagePoolOptions): Promise<ProcessedImage[]> {
  return makeImagePool(
    createRandom(options.seed).fork('images'),
    imagePoolSize(options),
    options.imageScale ?? 1,
    options.onProgress ?? (() => undefined),
  );
}

async function makeImagePool(
  random: Random,
  count: number,
  scale: number,
  onProgress: (message: string) => void,
): Promise<ProcessedImage[]> {
  const specs = Array.from({ length: count }, (_value, index) => {
    const [across, down] = aspectRatios[index % aspectRatios.length] ?? [1, 1];
    const megapixels = (2 + random.next() * 2) * 1_000_000 * scale * scale;
    const width = Math.max(64, Math.round(Math.sqrt((megapixels * across) / down) / 2) * 2);
    const height = Math.max(64, Math.round((width * down) / across / 2) * 2);
    return {
      width,
      height,
      // One in six is a PNG (screenshots, edits); the rest come from cameras.
      format: index % 6 === 5 ? ('png' as const) : ('jpeg' as const),
      style: photoStyles[index % photoStyles.length],
      seed: `${random.int(0, 2 ** 31)}-${index}`,
    };
  });
  const pool = new Array<ProcessedImage>(count);
  let next = 0;
  let done = 0;
  // sharp spreads one image over the cores already; two at a time keeps them all busy.
  const workers = Math.max(1, Math.min(2, os.availableParallelism()));
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let index = next++; index < count; index = next++) {
        const photo = await makeSyntheticPhoto(specs[index]!);
        pool[index] = await processImage(photo);
        done += 1;
        if (done % 6 === 0 || done === count) onProgress(`photographs processed: ${done}/${count}`);
      }
    }),
  );
  return pool;
}

/**
 * Writes each post's (or story's) files. The first one showing a pool image gets real bytes
 * through `storage.put`; later ones get hard links to those files on local storage (same bytes,
 * own key).
 */
export class PhotoFileWriter {
  private readonly firstCopy = new Map<number, string[]>();
  private readonly madeDirectories = new Set<string>();
  files = 0;

  constructor(
    private readonly storage: Storage,
    private readonly localRoot: string | null,
  ) {}

  async write(poolIndex: number, image: ProcessedImage, keys: string[]): Promise<void> {
    const blobs = [image.original, ...image.variants];
    const first = this.firstCopy.get(poolIndex);
    if (!first || this.localRoot === null) {
      for (const [index, blob] of blobs.entries()) {
        await this.storage.put(keys[index]!, blob.data, blob.contentType);
      }
      if (!first) this.firstCopy.set(poolIndex, keys);
    } else {
      const root = this.localRoot;
      const directory = path.join(root, path.dirname(keys[0]!));
      if (!this.madeDirectories.has(directory)) {
        fs.mkdirSync(directory, { recursive: true });
        this.madeDirectories.add(directory);
      }
      for (const [index, key] of keys.entries()) {
        fs.linkSync(path.join(root, first[index]!), path.join(root, key));
      }
    }
    this.files += keys.length;
  }
}
