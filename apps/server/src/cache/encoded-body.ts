import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type BodyEncoding = 'br' | 'gzip';

/**
 * A response body kept in the caches, compressed at most once per encoding: a cached page is
 * compressed when the first client that accepts brotli (or gzip) asks for it, then reused by every
 * request until the page is forgotten. Brotli at quality 5 is about gzip's speed with smaller
 * output; the bodies are JSON of a few tens of kilobytes.
 */
export class EncodedBody {
  readonly #encoded = new Map<BodyEncoding, Buffer>();

  constructor(readonly raw: Buffer) {}

  get(encoding: BodyEncoding): Buffer {
    let encoded = this.#encoded.get(encoding);
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? brotliCompressSync(this.raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
              },
            })
          : gzipSync(this.raw, { level: 6 });
      this.#encoded.set(encoding, encoded);
    }
    return encoded;
  }
}
