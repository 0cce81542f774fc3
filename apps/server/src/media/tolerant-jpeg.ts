/**
 * A second chance for a JPEG that libvips refuses as damaged. libvips stops at the 100th libjpeg
 * warning even with `failOn: 'none'`, so a photo with many damaged restart markers ("found marker
 * 0xd1 instead of RST5", a bad card read) is refused, while browsers, whose libjpeg-turbo
 * resynchronises at each marker, show it whole. This decodes it with the same library: MozJPEG's
 * decoder (libjpeg-turbo) compiled to WebAssembly, from @jsquash/jpeg, which counts warnings but
 * never gives up on them.
 *
 * Bounds: the frame size is read from the file's SOF marker before anything is decoded and must be
 * within `maxPixels`; the WebAssembly heap cannot grow past 2 GB (the package's build), so a decoder
 * asking for more fails; each decode runs in a worker thread of its own, which is ended (and its
 * memory freed) when it answers or runs past `decodeTimeoutMs`. The event loop never waits on it.
 */
import { createRequire } from 'node:module';

import { answerFromWorker } from './answer-from-worker';
import type { RgbaImage } from './pixels-png';

const require = createRequire(import.meta.url);

/** 40 MP decode in about 2 s on a busy core here; far past that something is wrong. */
const decodeTimeoutMs = 30_000;

export class TolerantJpegError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'TolerantJpegError';
  }
}

/**
 * The frame size a JPEG declares in its first SOF marker (what libjpeg allocates for), found by
 * walking the marker segments before the first scan; null when there is none or it is unusable
 * (a height of 0 means "given later by a DNL marker", which libjpeg-turbo does not support).
 */
export function jpegFrameSize(input: Buffer): { width: number; height: number } | null {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= input.length) {
    if (input[offset] !== 0xff) return null;
    const marker = input[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = input.readUInt16BE(offset + 2);
    if (length < 2 || marker === 0xda) return null;
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (offset + 9 > input.length) return null;
      const height = input.readUInt16BE(offset + 5);
      const width = input.readUInt16BE(offset + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    offset += 2 + length;
  }
  return null;
}

// Plain CommonJS evaluated in the worker, so it is the same whether the server runs from
// TypeScript (tests, dev) or from the bundle. The WebAssembly is read from the installed package,
// never fetched.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { pathToFileURL } = require('node:url');
(async () => {
  try {
    const codec = await import(pathToFileURL(workerData.decoderPath).href);
    await codec.init(await WebAssembly.compile(readFileSync(workerData.wasmPath)));
    const input = workerData.input;
    const bytes = input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength);
    const { width, height, data } = await codec.default(bytes);
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
})();
`;

interface WorkerAnswer {
  width?: number;
  height?: number;
  data?: Uint8ClampedArray;
  error?: string;
}

/**
 * The JPEG's pixels as RGBA, decoded the way browsers decode it, without its EXIF orientation
 * applied. Rejects with TolerantJpegError (`tooLarge` when its frame is over `maxPixels`).
 */
export function decodeJpegTolerantly(
  input: Buffer,
  options: { maxPixels: number },
): Promise<RgbaImage> {
  const frame = jpegFrameSize(input);
  if (!frame) return Promise.reject(new TolerantJpegError('JPEG frame size not found'));
  if (frame.width * frame.height > options.maxPixels) {
    return Promise.reject(new TolerantJpegError('pixel limit exceeded', true));
  }
  return answerFromWorker<WorkerAnswer>(
    workerSource,
    {
      input,
      decoderPath: require.resolve('@jsquash/jpeg/decode.js'),
      wasmPath: require.resolve('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'),
    },
    decodeTimeoutMs,
    {
      timedOut: () => new TolerantJpegError('JPEG decoding timeout'),
      crashed: (message) => new TolerantJpegError(`JPEG decoder failed: ${message}`),
      stoppedSilently: () => new TolerantJpegError('JPEG decoder stopped without an answer'),
    },
  ).then((answer) => {
    const { width, height, data } = answer;
    // The pixels must be the frame the header declared, and all of it.
    const whole =
      data !== undefined &&
      width === frame.width &&
      height === frame.height &&
      data.length === width * height * 4;
    if (!whole) throw new TolerantJpegError(answer.error ?? 'JPEG could not be decoded');
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
  });
}
