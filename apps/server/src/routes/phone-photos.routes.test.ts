import { readFile } from 'node:fs/promises';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

/** An iPhone-like portrait HEIC: 800 × 600 stored, turned a quarter clockwise by its `irot`. */
const heicFixture = () => readFile(new URL('../test/fixtures/portrait-irot.heic', import.meta.url));

type Variant = { url: string; width: number; height: number };

describe.each(dialects)('photos as phones and cameras make them, on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let author: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    author = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const stored = async (url: string) =>
    Buffer.from(await (await fetch(server.url + url)).arrayBuffer());

  it('shares an iPhone HEIC: a JPEG original and WebP variants, upright, of the right size', async () => {
    // What a browser sends for a .heic it has no type for.
    const response = await uploadPost(server, author, await heicFixture(), {
      filename: 'IMG_0001.HEIC',
      type: '',
    });
    expect(response.status).toBe(201);
    const { image, image_url: imageUrl } = response.body as {
      image: { width: number; height: number; placeholder: string | null; variants: Variant[] };
      image_url: string;
    };
    expect(image).toMatchObject({ width: 600, height: 800, placeholder: expect.any(String) });
    expect(imageUrl).toMatch(/\.jpg$/);
    expect(image.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 427],
      [600, 800],
    ]);

    for (const [url, format] of [
      [imageUrl, 'jpeg'],
      ...image.variants.map((variant) => [variant.url, 'webp']),
    ] as const) {
      const bytes = await stored(url);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe(format);
      expect(metadata.exif).toBeUndefined();
      // Upright: the stored red top-left quadrant is shown top-right, blue top-left.
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => {
        const offset = (y * info.width + x) * info.channels;
        return [...data.subarray(offset, offset + 3)];
      };
      const inset = Math.round(info.width / 8);
      const [red, , blueOfRed] = at(info.width - inset, inset);
      const [redOfBlue, , blue] = at(inset, inset);
      expect(red).toBeGreaterThan(180);
      expect(blueOfRed).toBeLessThan(80);
      expect(blue).toBeGreaterThan(180);
      expect(redOfBlue).toBeLessThan(80);
    }
  });

  it('shares a JPEG whose last rows are cut off: 201, as browsers show it', async () => {
    const whole = await makeJpeg(1200, 900);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.85));
    const response = await uploadPost(server, author, cut);
    expect(response.status).toBe(201);
    expect(response.body.image).toMatchObject({ width: 1200, height: 900 });
  });
});
