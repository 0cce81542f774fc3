import { describe, expect, it } from 'vitest';
import { thumbHashToAverageRGBA } from 'thumbhash';
import { blurhashToThumbHash, decodeBlurhash, greyThumbHash } from './blurhash';

describe('BlurHash to ThumbHash', () => {
  // The BlurHash of a mostly red photo (https://blurha.sh's encoder on a red square).
  const red = 'LGF5]+Yk^6#M@-5c,1J5@[or[Q6.';

  it("decodes a BlurHash to pixels of the photo's colours", () => {
    const pixels = decodeBlurhash(red, 4, 3)!;
    expect(pixels).toHaveLength(4 * 3 * 4);
    expect(pixels[3]).toBe(255);
  });

  it('keeps the average colour in the ThumbHash', () => {
    const thumbHash = blurhashToThumbHash(red, 400, 300)!;
    const decoded = decodeBlurhash(red, 32, 24)!;
    let r = 0;
    for (let index = 0; index < decoded.length; index += 4) r += decoded[index]!;
    const average = thumbHashToAverageRGBA(Buffer.from(thumbHash, 'base64'));
    expect(average.r * 255).toBeCloseTo(r / (32 * 24), -1);
  });

  it('answers null for something that is not a BlurHash', () => {
    expect(blurhashToThumbHash('not a hash!', 10, 10)).toBeNull();
    expect(blurhashToThumbHash('LGF5]+Yk', 10, 10)).toBeNull();
  });

  it('makes a grey placeholder when none was sent', () => {
    const average = thumbHashToAverageRGBA(Buffer.from(greyThumbHash(300, 200), 'base64'));
    expect(average.r).toBeCloseTo(200 / 255, 1);
  });
});
