/**
 * HEIC (what iPhones save) is HEVC inside HEIF. sharp's prebuilt libvips reads a HEIC's header
 * (size, colour profile) but has no HEVC decoder ("Support for this compression format has not
 * been built in: HEVC"), so the pixels come from heic-decode, libheif compiled to WebAssembly.
 * libheif applies the file's rotation and mirroring (`irot`/`imir`), which is where HEIF keeps the
 * orientation; the EXIF orientation an iPhone also writes is informative and must not be applied
 * again, and the raw pixels handed back carry no EXIF at all.
 *
 * WebAssembly decodes synchronously and slowly (a 12 MP photo takes seconds), so each decode runs
 * in a worker thread of its own: the event loop never waits on it, a decode that runs too long is
 * ended with its worker, and the worker's WebAssembly memory is freed when it exits.
 */
import { createRequire } from 'node:module';

import { answerFromWorker } from './answer-from-worker';
import type { RgbaImage } from './pixels-png';

const require = createRequire(import.meta.url);

/** A 40 MP HEIC takes about 15 s here on a busy core; past a minute something is wrong. */
const decodeTimeoutMs = 60_000;

export class HeicDecodeError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'HeicDecodeError';
  }
}

// Plain CommonJS evaluated in the worker, so it is the same whether the server runs from
// TypeScript (tests, dev) or from the bundle. The image's size is checked again here, from what
// libheif parsed, before a pixel is decoded.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.modulePath);
(async () => {
  let images;
  try {
    images = await decode.all({ buffer: workerData.input });
    const image = images[workerData.index] || images[0];
    if (!image) throw new Error('HEIF image not found');
    if (!(image.width > 0 && image.height > 0)) throw new Error('HEIF image has no size');
    if (image.width * image.height > workerData.maxPixels) {
      parentPort.postMessage({ tooLarge: true });
      return;
    }
    const { width, height, data } = await image.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  } finally {
    if (images) images.dispose();
  }
})();
`;

interface WorkerAnswer {
  width?: number;
  height?: number;
  data?: Uint8ClampedArray;
  tooLarge?: boolean;
  error?: string;
}

/**
 * The `index`-th top-level image of a HEIC (libvips' `pagePrimary`), as RGBA pixels with its
 * rotation and mirroring applied. Rejects with HeicDecodeError.
 */
export async function decodeHeic(
  input: Buffer,
  options: { index: number; maxPixels: number },
): Promise<RgbaImage> {
  const answer = await answerFromWorker<WorkerAnswer>(
    workerSource,
    {
      input,
      index: options.index,
      maxPixels: options.maxPixels,
      modulePath: require.resolve('heic-decode'),
    },
    decodeTimeoutMs,
    {
      timedOut: () => new HeicDecodeError('HEIC decoding timeout', true),
      crashed: (message) => new HeicDecodeError(`HEIC decoder failed: ${message}`),
      stoppedSilently: () => new HeicDecodeError('HEIC decoder stopped without an answer'),
    },
  );
  if (answer.tooLarge) throw new HeicDecodeError('pixel limit exceeded', true);
  const { width, height, data } = answer;
  if (!data || !width || !height || data.length !== width * height * 4) {
    throw new HeicDecodeError(answer.error ?? 'HEIC could not be decoded');
  }
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
}
