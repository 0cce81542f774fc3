import { describe, expect, it } from 'vitest';
import {
  adjustmentNames,
  applyColourMatrix,
  changesColours,
  colourMatrixOf,
  composeMatrices,
  filterNames,
  filtersResponse,
  identityMatrix,
  photoEditsSchema,
  vignetteFactor,
  vignetteOf,
  type ColourMatrix,
} from './photo-edits';

const somePixels: [number, number, number][] = [
  [0, 0, 0],
  [1, 1, 1],
  [0.2, 0.5, 0.8],
  [0.9, 0.1, 0.3],
];

describe('photo edits', () => {
  it('offers Normal and at least 12 filters, each named and labelled', () => {
    const { filters } = filtersResponse();
    expect(filters[0]).toEqual({ name: 'normal', label: 'Normal' });
    expect(filters.length).toBeGreaterThanOrEqual(13);
    expect(new Set(filters.map((filter) => filter.name)).size).toBe(filters.length);
    for (const filter of filters) expect(filter.label).toMatch(/^[A-Z]/);
  });

  it('composes two colour steps into one that gives the same pixels', () => {
    const warmer: ColourMatrix = [1.1, 0, 0, 0.02, 0, 1, 0, 0, 0, 0, 0.9, -0.01];
    const grey: ColourMatrix = [0.3, 0.6, 0.1, 0, 0.3, 0.6, 0.1, 0, 0.3, 0.6, 0.1, 0];
    const both = composeMatrices(warmer, grey);
    for (const [r, g, b] of somePixels) {
      // Without clamping in between: compose only matrices whose first step stays in range here.
      const once = warmer;
      const mid = [
        once[0] * r + once[1] * g + once[2] * b + once[3],
        once[4] * r + once[5] * g + once[6] * b + once[7],
        once[8] * r + once[9] * g + once[10] * b + once[11],
      ] as [number, number, number];
      const expected = applyColourMatrix(grey, ...mid);
      const got = applyColourMatrix(both, r, g, b);
      for (let channel = 0; channel < 3; channel++) {
        expect(got[channel]).toBeCloseTo(expected[channel]!, 10);
      }
    }
  });

  it('leaves a photo as it is without a filter or adjustment, and with Normal and zeros', () => {
    expect(colourMatrixOf(null)).toEqual(identityMatrix);
    const zeros = Object.fromEntries(adjustmentNames.map((name) => [name, 0]));
    expect(colourMatrixOf({ filter: 'normal', adjust: zeros })).toEqual(identityMatrix);
    expect(changesColours({ crop: { x: 0, y: 0, width: 0.5, height: 0.5 } })).toBe(false);
    expect(changesColours({ filter: 'clarendon' })).toBe(true);
    expect(changesColours({ adjust: { vignette: 20 } })).toBe(true);
  });

  it('makes every filter and adjustment change something, each in its own direction', () => {
    for (const name of filterNames.filter((filter) => filter !== 'normal')) {
      expect(changesColours({ filter: name }), name).toBe(true);
    }
    const mid: [number, number, number] = [0.4, 0.5, 0.6];
    const brighter = applyColourMatrix(colourMatrixOf({ adjust: { brightness: 50 } }), ...mid);
    expect(brighter[1]).toBeGreaterThan(0.5);
    const warmer = applyColourMatrix(colourMatrixOf({ adjust: { warmth: 60 } }), ...mid);
    expect(warmer[0]).toBeGreaterThan(0.4);
    expect(warmer[2]).toBeLessThan(0.6);
    const grey = applyColourMatrix(colourMatrixOf({ adjust: { saturation: -100 } }), ...mid);
    expect(grey[0]).toBeCloseTo(grey[2], 10);
    const faded = applyColourMatrix(colourMatrixOf({ adjust: { fade: 100 } }), 0, 0, 0);
    expect(faded[0]).toBeGreaterThan(0.1);
    const flatter = applyColourMatrix(colourMatrixOf({ adjust: { contrast: -50 } }), 1, 1, 1);
    expect(flatter[0]).toBeLessThan(1);
  });

  it('darkens the corners with a vignette, leaves the centre, and lightens them below zero', () => {
    expect(vignetteFactor(vignetteOf({ adjust: { vignette: 100 } }), 0.5, 0.5)).toBe(1);
    expect(vignetteFactor(1, 0, 0)).toBeLessThan(0.5);
    expect(vignetteFactor(-1, 1, 1)).toBeGreaterThan(1.3);
    expect(vignetteOf({ filter: 'ludwig', adjust: { vignette: 100 } })).toBe(1);
  });

  it('refuses bad edits: outside the picture, unknown, out of range, not whole, unknown keys', () => {
    const refused = [
      [{ crop: { x: 0.6, y: 0, width: 0.5, height: 1 } }],
      [{ crop: { x: -0.1, y: 0, width: 0.5, height: 0.5 } }],
      [{ crop: { x: 0, y: 0, width: 0, height: 0.5 } }],
      [{ filter: 'sparkle' }],
      [{ adjust: { brightness: 101 } }],
      [{ adjust: { contrast: 2.5 } }],
      [{ adjust: { sharpness: 10 } }],
      [{ rotate: 90 }],
      'not a list',
      Array.from({ length: 11 }, () => null),
    ];
    for (const edits of refused) {
      expect(photoEditsSchema.safeParse(edits).success, JSON.stringify(edits)).toBe(false);
    }
    expect(
      photoEditsSchema.safeParse([
        null,
        { crop: { x: 0.25, y: 0, width: 0.5, height: 1 }, filter: 'moon', adjust: { fade: -20 } },
      ]).success,
    ).toBe(true);
  });
});
