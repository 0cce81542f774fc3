import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { pixelsAsPng } from './pixels-png';

const width = 3;
const height = 2;

/** Six distinct opaque RGBA pixels, so that every turn and mirror gives a different image. */
function pixels(): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let index = 0; index < width * height; index++) {
    data.set([index * 40, 255 - index * 40, (index * 97) % 256, 255], index * 4);
  }
  return data;
}

const rawOf = (image: Buffer) => sharp(image).raw().toBuffer({ resolveWithObject: true });

describe('pixelsAsPng', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'turns pixels by EXIF orientation %i exactly as libvips orients a file carrying it',
    async (orientation) => {
      const raw = { raw: { width, height, channels: 4 } } as const;
      // The reference: the same pixels in a lossless file tagged with the orientation.
      const tagged = await sharp(pixels(), raw).withMetadata({ orientation }).png().toBuffer();
      expect((await sharp(tagged).metadata()).orientation).toBe(orientation);
      const expected = await rawOf(await sharp(tagged).autoOrient().png().toBuffer());

      const png = await pixelsAsPng(
        { data: pixels(), width, height },
        { hasAlpha: true, icc: undefined, orientation },
      );
      const actual = await rawOf(png);

      expect([actual.info.width, actual.info.height]).toEqual([
        expected.info.width,
        expected.info.height,
      ]);
      expect(actual.data.equals(expected.data)).toBe(true);
    },
  );

  it('drops the alpha channel of an opaque image and carries its colour profile', async () => {
    const icc = await sharp({ create: { width: 1, height: 1, channels: 3, background: 'red' } })
      .withIccProfile('p3')
      .png()
      .toBuffer()
      .then(async (png) => (await sharp(png).metadata()).icc!);
    const png = await pixelsAsPng({ data: pixels(), width, height }, { hasAlpha: false, icc });
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: 'png', channels: 3, width, height });
    expect(metadata.icc?.equals(icc)).toBe(true);
  });
});
