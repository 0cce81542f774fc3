import {
  applyColourMatrix,
  colourMatrixOf,
  vignetteFactor,
  vignetteOf,
  type PhotoEdit,
} from '@pinhole/contracts';
import { describe, expect, it } from 'vitest';
import { applyEditToPixels } from './pixels';

function gradient(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set([(i * 37) % 256, (i * 91) % 256, (i * 13) % 256, 255], i * 4);
  }
  return data;
}

describe('applyEditToPixels', () => {
  it("computes the contracts' colour step and vignette at each pixel centre", () => {
    const edit: PhotoEdit = {
      filter: 'slumber',
      adjust: { contrast: 40, warmth: -25, vignette: 60 },
    };
    const width = 7;
    const height = 5;
    const before = gradient(width, height);
    const after = before.slice();
    applyEditToPixels(after, width, height, colourMatrixOf(edit), vignetteOf(edit));
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    for (let row = 0; row < height; row++)
      for (let column = 0; column < width; column++) {
        const i = (row * width + column) * 4;
        const graded = applyColourMatrix(
          colourMatrixOf(edit),
          before[i]! / 255,
          before[i + 1]! / 255,
          before[i + 2]! / 255,
        );
        const factor = vignetteFactor(
          vignetteOf(edit),
          (column + 0.5) / width,
          (row + 0.5) / height,
        );
        for (let channel = 0; channel < 3; channel++)
          expect(after[i + channel]).toBe(Math.round(clamp(graded[channel]! * factor) * 255));
        expect(after[i + 3]).toBe(255);
      }
  });

  it('leaves the pixels as they are for no edit', () => {
    const before = gradient(4, 4);
    const after = before.slice();
    applyEditToPixels(after, 4, 4, colourMatrixOf(null), vignetteOf(null));
    expect(after).toEqual(before);
  });
});
