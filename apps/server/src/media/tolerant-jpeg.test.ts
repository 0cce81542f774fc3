import { readFile } from 'node:fs/promises';

import { messages } from '@pinhole/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import {
  checkImage,
  ImageRejectedError,
  maxInputPixels,
  processAvatar,
  processImage,
  type ImageRejectionReason,
} from './image';
import { decodeJpegTolerantly, jpegFrameSize, TolerantJpegError } from './tolerant-jpeg';

/**
 * 384 × 256 stored, EXIF orientation 6 (shown 256 × 384), a restart marker after every MCU and
 * 120 of them damaged: libvips gives up on it, libjpeg decodes every pixel. Stored, the top-left
 * quadrant is red, top-right green, bottom-left blue, bottom-right grey. See the fixtures README.
 */
const fixture = () => readFile(new URL('../test/fixtures/damaged-restarts.jpg', import.meta.url));

const red = [220, 30, 30];
const green = [30, 200, 30];
const blue = [30, 30, 220];
const grey = [128, 128, 128];

/** The colour at (x, y) of an image, as [r, g, b]. */
async function colourAt(data: Buffer, x: number, y: number): Promise<number[]> {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...pixels.subarray(offset, offset + 3)];
}

const near = (actual: number[], expected: number[]) =>
  actual.every((value, index) => Math.abs(value - expected[index]!) < 24);

/** The fixture with its SOF0 saying the frame is width × height. */
async function withFrameSize(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await fixture());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

async function expectRejected(input: Buffer, reason: ImageRejectionReason, message: string) {
  const error: unknown = await processImage(input).then(
    () => new Error('expected a rejection'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  expect(error).toMatchObject({ reason, message });
}

describe('a JPEG with damaged restart markers', () => {
  it('is one libvips refuses even with failOn none, and the tolerant decoder reads whole', async () => {
    const input = await fixture();
    await expect(sharp(input, { failOn: 'none' }).toBuffer()).rejects.toThrow(/RST/);

    const decoded = await decodeJpegTolerantly(input, { maxPixels: maxInputPixels });
    expect(decoded).toMatchObject({ width: 384, height: 256 });
    expect(decoded.data.length).toBe(384 * 256 * 4);
    // Not grey fill: every quadrant, the bottom right (decoded last) included, has its colour.
    const rgbaAt = (x: number, y: number) => {
      const offset = (y * decoded.width + x) * 4;
      return [...decoded.data.subarray(offset, offset + 3)];
    };
    expect(near(rgbaAt(40, 40), red)).toBe(true);
    expect(near(rgbaAt(340, 40), green)).toBe(true);
    expect(near(rgbaAt(40, 210), blue)).toBe(true);
    expect(near(rgbaAt(340, 210), grey)).toBe(true);
  });

  it('is stored as a JPEG turned by its EXIF orientation, metadata gone, with variants', async () => {
    const input = await fixture();
    await expect(checkImage(input)).resolves.toEqual({ width: 256, height: 384, animated: false });

    const result = await processImage(input);

    expect(result.format).toBe('jpeg');
    expect(result.original).toMatchObject({ width: 256, height: 384, extension: 'jpg' });
    const stored = await sharp(result.original.data).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 256, height: 384 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    // A quarter turn clockwise: what was bottom-left is now top-left, and so on.
    expect(near(await colourAt(result.original.data, 40, 40), blue)).toBe(true);
    expect(near(await colourAt(result.original.data, 210, 40), red)).toBe(true);
    expect(near(await colourAt(result.original.data, 40, 340), grey)).toBe(true);
    expect(near(await colourAt(result.original.data, 210, 340), green)).toBe(true);

    expect(result.variants.map(({ width, height }) => [width, height])).toEqual([[256, 384]]);
    expect(result.variants[0]!.contentType).toBe('image/webp');
    expect(near(await colourAt(result.variants[0]!.data, 40, 40), blue)).toBe(true);
    expect(result.placeholder).toEqual(expect.any(String));
    expect(result.blurhash).toEqual(expect.any(String));
  });

  it('makes a profile picture too', async () => {
    const avatar = await processAvatar(await fixture(), [64]);
    expect(avatar.variants.map(({ width, height }) => [width, height])).toEqual([[64, 64]]);
    expect(avatar.placeholder).toEqual(expect.any(String));
  });
});

describe('JPEGs the tolerant decoder does not save', () => {
  it('refuses one that libjpeg cannot decode either as damaged, as before', async () => {
    const input = Buffer.from(await fixture());
    const scan = input.indexOf(Buffer.from([0xff, 0xda]));
    // The first component's Huffman tables become 3, which the file never defines.
    input[scan + 6] = 0x33;
    await expect(decodeJpegTolerantly(input, { maxPixels: maxInputPixels })).rejects.toThrow(
      TolerantJpegError,
    );
    await expectRejected(input, 'corrupt', messages.corruptImage);
  });

  it('refuses a truncated header and random bytes after SOI as damaged', async () => {
    const input = await fixture();
    const sof = input.indexOf(Buffer.from([0xff, 0xc0]));
    await expectRejected(input.subarray(0, sof + 6), 'corrupt', messages.corruptImage);
    // Deterministic noise: a fixed linear congruential sequence.
    const noise = Buffer.alloc(4096);
    for (let i = 0, seed = 7; i < noise.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      noise[i] = seed >> 16;
    }
    await expectRejected(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), noise]),
      'corrupt',
      messages.corruptImage,
    );
  });

  it('refuses one declaring too many pixels for its size, before decoding anything', async () => {
    const input = await withFrameSize(8000, 6000); // 48 MP
    expect(jpegFrameSize(input)).toEqual({ width: 8000, height: 6000 });
    await expectRejected(input, 'too_many_pixels', messages.imageTooLarge);
    // The decoder's own check, from the SOF marker, before a worker starts.
    const refusal: unknown = await decodeJpegTolerantly(input, { maxPixels: maxInputPixels }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(TolerantJpegError);
    expect(refusal).toMatchObject({ tooLarge: true, message: 'pixel limit exceeded' });
  });

  it('finds no frame size in bytes that are not a JPEG with a frame', () => {
    expect(jpegFrameSize(Buffer.from('not a jpeg'))).toBeNull();
    expect(jpegFrameSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]))).toBeNull();
  });
});
