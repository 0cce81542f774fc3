import { isMissingRemoteKey } from '../repositories/remote-posts.repository';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import type { Infrastructure } from '../context';
import { ImageQueueFullError, variantWidthsFor, variantsOf } from '../media/image';
import {
  listMediaAttachmentsAfter,
  replaceMediaVariants,
} from '../repositories/media-attachments.repository';
import type { StoredVariant } from '../repositories/stored-variants';
import { StorageKeyExistsError, variantKey } from '../storage/storage';

const batchSize = 500;
const queueFullWaitMs = 1_000;

export interface BackfillResult {
  checked: number;
  updated: number;
  failed: number;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Gives post photos stored before a variant width existed the variants they lack (today: one at the
 * original's own width when it is at most 1080 px), so no srcset falls back to the original.
 * Runs a minute after start, one image at a time through the upload queue (uploads go first);
 * idempotent and safe on several instances at once.
 */
export class VariantBackfillService {
  constructor(private readonly infra: Infrastructure) {}

  async run(): Promise<BackfillResult> {
    const result: BackfillResult = { checked: 0, updated: 0, failed: 0 };
    let afterId = '';
    for (;;) {
      const images = await listMediaAttachmentsAfter(this.infra.database.db, afterId, batchSize);
      if (images.length === 0) return result;
      for (const image of images) {
        result.checked += 1;
        const have = new Set(image.variants.map((variant) => variant.width));
        const missing = variantWidthsFor(image.width).filter((width) => !have.has(width));
        // A remote photo not copied here has no original to resize; a video's variants are its
        // poster's, made with it.
        if (image.type !== 'image' || missing.length === 0 || isMissingRemoteKey(image.file_key)) {
          continue;
        }
        try {
          const added = await this.#make(image.file_key, missing);
          const variants = [...image.variants, ...added].sort((a, b) => a.width - b.width);
          const db = this.infra.database.db;
          if (await replaceMediaVariants(db, image.id, image.variants, variants)) {
            result.updated += 1;
          }
        } catch {
          // A missing or unreadable original: the photo keeps what it has, the next start retries.
          result.failed += 1;
        }
      }
      afterId = images.at(-1)?.id ?? afterId;
      await yieldToRequests();
    }
  }

  async #make(originalKey: string, widths: number[]): Promise<StoredVariant[]> {
    const { storage, imageQueue } = this.infra;
    const original = await readAll(await storage.read(originalKey));
    const encoded = await this.#whenQueueHasRoom(() =>
      imageQueue.run(() => variantsOf(original, widths)),
    );
    const stored: StoredVariant[] = [];
    for (const variant of encoded) {
      const key = variantKey(originalKey, variant.width, variant.extension);
      try {
        await storage.put(key, variant.data, variant.contentType);
      } catch (error) {
        // Another instance made the same variant: keys are never overwritten, and its bytes are
        // the same image at the same width.
        if (!(error instanceof StorageKeyExistsError)) throw error;
      }
      stored.push({ key, width: variant.width, height: variant.height });
    }
    return stored;
  }

  async #whenQueueHasRoom<T>(work: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof ImageQueueFullError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, queueFullWaitMs));
      }
    }
  }
}
