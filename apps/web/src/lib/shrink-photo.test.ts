import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, jpegQualities, longestSides } from './shrink-photo';

// The drawing itself needs a browser's canvas: e2e/03-create-post.e2e.ts posts a camera photo.
describe('shrink-photo', () => {
  it('fits the longest side within 4096 pixels, keeping the shape and never enlarging', () => {
    expect(fitWithin(6000, 4000, 4096)).toEqual({ width: 4096, height: 2731 });
    expect(fitWithin(3000, 9000, 4096)).toEqual({ width: 1365, height: 4096 });
    expect(fitWithin(1200, 800, 4096)).toEqual({ width: 1200, height: 800 });
    expect(longestSides[0]).toBe(4096);
  });

  it('starts at a quality that looks like the original and steps down', () => {
    expect(jpegQualities[0]).toBe(0.9);
    expect([...jpegQualities].sort((a, b) => b - a)).toEqual([...jpegQualities]);
  });

  it('names the result a JPEG', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('scan.final.png')).toBe('scan.final.jpg');
    expect(jpegName('camera')).toBe('camera.jpg');
  });
});
