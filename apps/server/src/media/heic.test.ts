import { readFile } from 'node:fs/promises';

import { messages } from '@pinhole/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { checkImage, ImageRejectedError, processAvatar, processImage } from './image';
import { sniffImageFormat } from './sniff';

/** An iPhone-like portrait HEIC: 800 × 600 stored, `irot` a quarter turn, EXIF orientation 6. */
const fixture = () => readFile(new URL('../test/fixtures/portrait-irot.heic', import.meta.url));

/** The colour at (x, y) of an encoded image, as [r, g, b]. */
async function colourAt(data: Buffer, x: number, y: number): Promise<number[]> {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...pixels.subarray(offset, offset + 3)];
}

const near = (actual: number[], expected: number[]) =>
  actual.every((value, index) => Math.abs(value - expected[index]!) < 40);

/** The fixture with its `ispe` (the size its header declares) set to width × height. */
async function withDeclaredSize(width: number, height: number): Promise<Buffer> {
  const heic = Buffer.from(await fixture());
  const at = heic.indexOf('ispe', 0, 'latin1');
  expect(at).toBeGreaterThan(0);
  // Box type, then version and flags (4 bytes), then width and height.
  heic.writeUInt32BE(width, at + 8);
  heic.writeUInt32BE(height, at + 12);
  return heic;
}

async function rejectionOf(input: Buffer): Promise<ImageRejectedError> {
  const error: unknown = await processImage(input).then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe('HEIC uploads', () => {
  it('recognises HEIC by its ftyp brands', async () => {
    expect(sniffImageFormat(await fixture())).toBe('heic');
    expect(sniffImageFormat(Buffer.from('\0\0\0\x18ftypmif1\0\0\0\0mif1heic'))).toBe('heic');
    // AVIF also names mif1: it stays AVIF.
    expect(sniffImageFormat(Buffer.from('\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf'))).toBe('avif');
  });

  it('stores a HEIC as a JPEG original and WebP variants, turned by its irot, EXIF gone', async () => {
    const input = await fixture();
    // Its header already tells the upright size: what a crop of it is planned on.
    await expect(checkImage(input)).resolves.toEqual({ width: 600, height: 800, animated: false });

    const result = await processImage(input);

    expect(result.format).toBe('jpeg');
    expect(result.original).toMatchObject({
      width: 600,
      height: 800,
      extension: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 427],
      [600, 800],
    ]);
    expect(result.placeholder).toEqual(expect.any(String));
    for (const output of [result.original, ...result.variants]) {
      const metadata = await sharp(output.data).metadata();
      expect(metadata.format).toBe(output === result.original ? 'jpeg' : 'webp');
      expect([metadata.width, metadata.height]).toEqual([output.width, output.height]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      expect(output.data.includes('SecretCamMake')).toBe(false);
      // Turned once, a quarter turn clockwise (the EXIF orientation is not applied again):
      // blue top-left, red top-right, grey bottom-left, green bottom-right.
      const { width, height } = output;
      const inset = Math.round(width / 8);
      expect(near(await colourAt(output.data, inset, inset), [20, 20, 230])).toBe(true);
      expect(near(await colourAt(output.data, width - inset, inset), [230, 20, 20])).toBe(true);
      expect(near(await colourAt(output.data, inset, height - inset), [200, 200, 200])).toBe(true);
      expect(near(await colourAt(output.data, width - inset, height - inset), [20, 200, 20])).toBe(
        true,
      );
    }
  });

  it('makes a profile picture from a HEIC', async () => {
    const result = await processAvatar(await fixture(), [150]);
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([[150, 150]]);
  });

  it('refuses a HEIC whose header declares too many pixels, before decoding it', async () => {
    const bomb = await withDeclaredSize(20_000, 20_000);
    const started = performance.now();
    await expect(checkImage(bomb)).rejects.toMatchObject({ reason: 'too_many_pixels' });
    const error = await rejectionOf(bomb);
    expect(error.reason).toBe('too_many_pixels');
    expect(error.message).toBe(messages.imageTooLarge);
    // Decoding would take a worker and the WebAssembly decoder well over this.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a HEIC whose pixels do not match its declared size as damaged', async () => {
    const error = await rejectionOf(await withDeclaredSize(64, 64));
    expect(error.reason).toBe('corrupt');
  });

  it('refuses a truncated HEIC and garbage after a HEIC brand as damaged', async () => {
    const whole = await fixture();
    expect((await rejectionOf(whole.subarray(0, Math.floor(whole.length * 0.6)))).reason).toBe(
      'corrupt',
    );
    const garbage = Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic' + 'x'.repeat(64));
    expect((await rejectionOf(garbage)).reason).toBe('corrupt');
  });
});
