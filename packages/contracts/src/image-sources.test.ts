import { describe, expect, it } from 'vitest';
import { bestSource, srcSet } from './image-sources';
import type { PostImage } from './post';

const image = (width: number, variantWidths: number[]): PostImage => ({
  width,
  height: width,
  placeholder: null,
  variants: variantWidths.map((w) => ({ url: `/v${w}.webp`, width: w, height: w })),
});

describe('srcSet', () => {
  it('lists the variants with their widths', () => {
    expect(srcSet(image(2000, [320, 640, 1080]), '/o.jpg')).toBe(
      '/v320.webp 320w, /v640.webp 640w, /v1080.webp 1080w',
    );
  });

  it('offers the original when it is no wider than the largest variant size', () => {
    expect(srcSet(image(1080, [320, 640]), '/o.jpg')).toBe(
      '/v320.webp 320w, /v640.webp 640w, /o.jpg 1080w',
    );
  });

  it('never offers a large original', () => {
    expect(srcSet(image(4000, [320, 640]), '/o.jpg')).toBe('/v320.webp 320w, /v640.webp 640w');
  });

  it('keeps to maxWidth', () => {
    expect(srcSet(image(2000, [320, 640, 1080]), '/o.jpg', 640)).toBe(
      '/v320.webp 320w, /v640.webp 640w',
    );
    expect(srcSet(image(500, [320]), '/o.jpg', 640)).toBe('/v320.webp 320w, /o.jpg 500w');
  });

  it('is undefined without any candidate', () => {
    expect(srcSet(image(4000, []), '/o.jpg')).toBeUndefined();
  });
});

describe('bestSource', () => {
  it('picks the smallest variant at least as wide as asked, else the widest, else the original', () => {
    expect(bestSource(image(2000, [1080, 320, 640]), '/o.jpg', 600)).toBe('/v640.webp');
    expect(bestSource(image(2000, [320]), '/o.jpg', 600)).toBe('/v320.webp');
    expect(bestSource(image(2000, []), '/o.jpg', 600)).toBe('/o.jpg');
  });
});
