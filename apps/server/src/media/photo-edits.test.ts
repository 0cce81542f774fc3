import type { PhotoEdit } from '@pinhole/contracts';
import { applyColourMatrix, colourMatrixOf, vignetteFactor, vignetteOf } from '@pinhole/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { applyColourEdit, centredRegion, cropRect, planEdits } from './photo-edits';

const still = (width: number, height: number) => ({ width, height, animated: false });

describe('photo edits in pixels', () => {
  it('turns a crop’s fractions into whole pixels inside the picture', () => {
    expect(cropRect({ x: 0.1, y: 0.2, width: 0.5, height: 0.5 }, 1000, 600)).toEqual({
      left: 100,
      top: 120,
      width: 500,
      height: 300,
    });
    // Rounding never leaves the picture, and keeps at least a pixel.
    expect(cropRect({ x: 0.9999, y: 0, width: 0.02, height: 1 }, 101, 10)).toEqual({
      left: 100,
      top: 0,
      width: 1,
      height: 10,
    });
  });

  it('finds the largest centred region of an aspect', () => {
    expect(centredRegion({ left: 0, top: 0, width: 600, height: 900 }, 0.8)).toEqual({
      left: 0,
      top: 75,
      width: 600,
      height: 750,
    });
    expect(centredRegion({ left: 10, top: 10, width: 500, height: 200 }, 1)).toEqual({
      left: 160,
      top: 10,
      width: 200,
      height: 200,
    });
  });

  it('plans nothing without edits, so untouched photos keep their path', () => {
    const pictures = [still(800, 600), still(600, 900)];
    expect(planEdits(null, pictures)).toEqual([null, null]);
    expect(planEdits([null, null], pictures)).toEqual([null, null]);
    expect(planEdits([{ filter: 'normal' }], [still(800, 600)])).toEqual([null]);
  });

  it('gives later photos of a carousel the first photo’s aspect', () => {
    const plans = planEdits(
      [{ crop: { x: 0, y: 0, width: 0.5, height: 1 } }, null, { filter: 'moon' }],
      [still(800, 600), still(800, 600), still(1000, 1500)],
    );
    expect(plans.map((plan) => plan?.rect)).toEqual([
      { left: 0, top: 0, width: 400, height: 600 },
      { left: 200, top: 0, width: 400, height: 600 },
      null, // already 2:3: only its colours change
    ]);
    expect(plans[2]?.edit).toEqual({ filter: 'moon' });
  });

  it('refuses edits of an animated picture', () => {
    expect(() =>
      planEdits([null, { filter: 'moon' }], [still(10, 10), { ...still(10, 10), animated: true }]),
    ).toThrow(AppError);
  });

  it('changes each pixel as the contracts’ colour step and vignette say', () => {
    const [width, height, channels] = [37, 23, 4];
    const data = Buffer.alloc(width * height * channels);
    for (let index = 0; index < data.length; index++) data[index] = (index * 7919) % 256;
    const before = Buffer.from(data);
    const edit: PhotoEdit = {
      filter: 'nashville',
      adjust: {
        brightness: 30,
        contrast: -20,
        saturation: 40,
        warmth: -60,
        fade: 25,
        vignette: -70,
      },
    };
    applyColourEdit({ data, width, height, channels }, edit);
    const matrix = colourMatrixOf(edit);
    const strength = vignetteOf(edit);
    for (let row = 0; row < height; row++) {
      for (let column = 0; column < width; column++) {
        const offset = (row * width + column) * channels;
        const factor = vignetteFactor(strength, (column + 0.5) / width, (row + 0.5) / height);
        const expected = applyColourMatrix(
          matrix,
          before[offset]! / 255,
          before[offset + 1]! / 255,
          before[offset + 2]! / 255,
        ).map((value) => Math.min(255, Math.round(value * factor * 255)));
        expect([...data.subarray(offset, offset + 3)]).toEqual(expected);
        expect(data[offset + 3]).toBe(before[offset + 3]); // alpha untouched
      }
    }
  });
});
