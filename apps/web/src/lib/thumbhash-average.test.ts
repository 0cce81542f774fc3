import { rgbaToThumbHash, thumbHashToAverageRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { thumbHashAverage } from './thumbhash-average';

/** A w×h image, every pixel from `pixel(x, y)`, as the server's base64 ThumbHash. */
function placeholderOf(w: number, h: number, pixel: (x: number, y: number) => number[]) {
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) rgba.set(pixel(x, y), (y * w + x) * 4);
  }
  const hash = rgbaToThumbHash(w, h, rgba);
  return { base64: btoa(String.fromCharCode(...hash)), hash };
}

describe('thumbHashAverage', () => {
  it('reads the colour the thumbhash package reads, for opaque and transparent photos', () => {
    const photos = [
      placeholderOf(32, 24, () => [200, 40, 40, 255]),
      placeholderOf(24, 32, (x, y) => [x * 8, y * 6, 128, 255]),
      placeholderOf(16, 16, (x) => [10, 200, 90, x < 8 ? 0 : 255]),
      placeholderOf(40, 20, (x, y) => [255, 255, (x * y) % 256, 255]),
    ];
    for (const { base64, hash } of photos) {
      const { r, g, b } = thumbHashToAverageRGBA(hash);
      const css = (v: number) => Math.round(v * 255);
      expect(thumbHashAverage(base64)).toBe(`rgb(${css(r)} ${css(g)} ${css(b)})`);
    }
  });

  it('is null without a placeholder or for one that is not base64', () => {
    expect(thumbHashAverage(null)).toBeNull();
    expect(thumbHashAverage('not base64!')).toBeNull();
  });
});
