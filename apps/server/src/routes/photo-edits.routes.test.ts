import type { PhotoEdit } from '@pinhole/contracts';
import { applyColourMatrix, colourMatrixOf } from '@pinhole/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { disposeTestServer, signUpUser, startTestServer } from '../test/harness';
import {
  channelMeans,
  fetchBytes,
  postWithEdits,
  rgbOf,
  smoothPhoto,
  smoothPixels,
} from '../test/photo-edits';

interface Image {
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number; height: number }[];
}

describe('photos posted with their edits (crop, filter, adjustments)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let author: TestUser;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    author = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const post = async (photos: Buffer[], edits: (PhotoEdit | null)[], type?: string) => {
    const created = await postWithEdits(server, author, photos, JSON.stringify(edits), { type });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.images as Image[];
  };
  const storedPixels = async (image: Image) => rgbOf(await fetchBytes(server, image.url));

  it('stores a landscape photo cropped to 1:1 square: the original and every variant', async () => {
    const [image] = await post(
      [await smoothPhoto(1600, 1200)],
      [{ crop: { x: 0.125, y: 0, width: 0.75, height: 1 } }],
    );
    expect([image!.width, image!.height]).toEqual([1200, 1200]);
    const original = await sharp(await fetchBytes(server, image!.url)).metadata();
    expect([original.width, original.height]).toEqual([1200, 1200]);
    expect(image!.variants.length).toBeGreaterThan(1);
    for (const variant of image!.variants) {
      expect(variant.width).toBe(variant.height);
      const stored = await sharp(await fetchBytes(server, variant.url)).metadata();
      expect([stored.width, stored.height]).toEqual([variant.width, variant.width]);
    }
    // The crop is the centre: its left column is the source's column 200.
    const pixels = await storedPixels(image!);
    expect(pixels.data[0]).toBe(smoothPixels(1600, 1200)[200 * 3]);
  });

  it('changes the stored pixels as the filter’s colour step predicts', async () => {
    const [width, height] = [480, 360];
    const edit: PhotoEdit = { filter: 'juno' };
    const [image] = await post([await smoothPhoto(width, height)], [edit]);
    const source = smoothPixels(width, height);
    const matrix = colourMatrixOf(edit);
    const expected = Buffer.alloc(source.length);
    for (let offset = 0; offset < source.length; offset += 3) {
      const [r, g, b] = applyColourMatrix(
        matrix,
        source[offset]! / 255,
        source[offset + 1]! / 255,
        source[offset + 2]! / 255,
      );
      expected.set(
        [r, g, b].map((value) => Math.round(value * 255)),
        offset,
      );
    }
    const stored = channelMeans(await storedPixels(image!));
    const predicted = channelMeans({ data: expected, width, height });
    const untouched = channelMeans({ data: source, width, height });
    for (let channel = 0; channel < 3; channel++) {
      expect(Math.abs(stored[channel]! - predicted[channel]!)).toBeLessThanOrEqual(2);
    }
    // And the filter did change something measurable.
    expect(
      Math.max(...stored.map((mean, channel) => Math.abs(mean - untouched[channel]!))),
    ).toBeGreaterThan(5);
    // The variants show it too.
    const variant = await rgbOf(await fetchBytes(server, image!.variants[0]!.url));
    const variantMeans = channelMeans(variant);
    for (let channel = 0; channel < 3; channel++) {
      expect(Math.abs(variantMeans[channel]! - predicted[channel]!)).toBeLessThanOrEqual(3);
    }
  });

  it('makes the photo brighter with brightness +50', async () => {
    const photo = await smoothPhoto(400, 300);
    const [plain, brighter] = await post([photo, photo], [null, { adjust: { brightness: 50 } }]);
    const before = channelMeans(await storedPixels(plain!));
    const after = channelMeans(await storedPixels(brighter!));
    for (let channel = 0; channel < 3; channel++) {
      expect(after[channel]!).toBeGreaterThan(before[channel]! * 1.15);
    }
  });

  it('darkens the corners with a vignette, not the centre', async () => {
    const [width, height] = [400, 300];
    const [image] = await post([await smoothPhoto(width, height)], [{ adjust: { vignette: 80 } }]);
    const stored = await storedPixels(image!);
    const source = { data: smoothPixels(width, height), width, height };
    const corner = { left: 0, top: 0, width: 20, height: 20 };
    const centre = { left: 190, top: 140, width: 20, height: 20 };
    const sum = (means: number[]) => means.reduce((a, b) => a + b, 0);
    expect(sum(channelMeans(stored, corner))).toBeLessThan(sum(channelMeans(source, corner)) * 0.7);
    const centreDifference = sum(channelMeans(stored, centre)) - sum(channelMeans(source, centre));
    expect(Math.abs(centreDifference)).toBeLessThanOrEqual(3);
  });

  it('crops the upright picture of an EXIF-rotated photo', async () => {
    // Stored 400 × 200, left half red, right half blue; orientation 6 shows it 200 × 400 with
    // red on top.
    const pixels = Buffer.alloc(400 * 200 * 3);
    for (let offset = 0; offset < pixels.length; offset += 3) {
      const x = (offset / 3) % 400;
      pixels[x < 200 ? offset : offset + 2] = 255;
    }
    const jpeg = await sharp(pixels, { raw: { width: 400, height: 200, channels: 3 } })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 95 })
      .toBuffer();
    const [image] = await post(
      [jpeg],
      [{ crop: { x: 0, y: 0, width: 1, height: 0.5 } }],
      'image/jpeg',
    );
    expect([image!.width, image!.height]).toEqual([200, 200]);
    const [red, , blue] = channelMeans(await storedPixels(image!));
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(40);
  });

  it('gives a carousel the first photo’s 4:5 crop throughout', async () => {
    const photos = await Promise.all([
      smoothPhoto(800, 600),
      smoothPhoto(600, 900),
      smoothPhoto(500, 500),
    ]);
    const images = await post(photos, [
      { crop: { x: 0.2, y: 0, width: 0.6, height: 1 } },
      null,
      { filter: 'moon' },
    ]);
    expect(images.map((image) => [image.width, image.height])).toEqual([
      [480, 600],
      [600, 750],
      [400, 500],
    ]);
    for (const image of images) {
      for (const variant of image.variants) {
        expect(Math.abs(variant.width / variant.height / 0.8 - 1)).toBeLessThanOrEqual(0.01);
      }
    }
  });
});
