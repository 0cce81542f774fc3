import { describe, expect, it } from 'vitest';
import { cropAspects } from '@pinhole/contracts';
import {
  cropOf,
  cropToSend,
  dragged,
  postRatio,
  settledFraming,
  untouchedFraming,
  zoomed,
} from './crop';

const landscape = { width: 4000, height: 3000 };
const portrait = { width: 3000, height: 4000 };
const own = landscape.width / landscape.height;
const square = 1;

const inside = (crop: { x: number; y: number; width: number; height: number }) => {
  expect(crop.x).toBeGreaterThanOrEqual(0);
  expect(crop.y).toBeGreaterThanOrEqual(0);
  expect(crop.x + crop.width).toBeLessThanOrEqual(1 + 1e-9);
  expect(crop.y + crop.height).toBeLessThanOrEqual(1 + 1e-9);
};

describe('cropOf', () => {
  it('keeps the whole picture at Original and zoom 1', () => {
    expect(cropOf(own, landscape, untouchedFraming)).toEqual({
      x: 0,
      y: 0,
      width: 1,
      height: 1,
    });
  });

  it('takes the largest centred window of the aspect', () => {
    // 1:1 of 4000×3000: 3000×3000, 500 px in from each side.
    expect(cropOf(square, landscape, untouchedFraming)).toEqual({
      x: 0.125,
      y: 0,
      width: 0.75,
      height: 1,
    });
    // 16:9 of 3000×4000: full width, 1687.5 px high.
    const wide = cropOf(cropAspects.wide, portrait, untouchedFraming);
    expect(wide.width).toBe(1);
    expect(wide.height * 4000).toBeCloseTo(3000 / (16 / 9));
    expect(wide.y).toBeCloseTo((1 - wide.height) / 2);
  });

  it('keeps the aspect in pixels whatever the picture', () => {
    for (const ratio of [1, 4 / 5, 1.91, 16 / 9]) {
      for (const picture of [landscape, portrait, { width: 1000, height: 1000 }]) {
        const crop = cropOf(ratio, picture, { zoom: 1.7, centerX: 0.2, centerY: 0.9 });
        expect((crop.width * picture.width) / (crop.height * picture.height)).toBeCloseTo(ratio);
        inside(crop);
      }
    }
  });

  it('shrinks the window by the zoom around its centre', () => {
    const crop = cropOf(square, landscape, { zoom: 2, centerX: 0.5, centerY: 0.5 });
    expect(crop.width).toBeCloseTo(0.375);
    expect(crop.height).toBeCloseTo(0.5);
    expect(crop.x + crop.width / 2).toBeCloseTo(0.5);
    expect(crop.y + crop.height / 2).toBeCloseTo(0.5);
  });

  it('never leaves the picture, whatever the centre or zoom asked', () => {
    for (const centre of [-2, 0, 0.01, 0.99, 1, 3])
      for (const zoom of [0.2, 1, 2.5, 9]) {
        const crop = cropOf(cropAspects.portrait, landscape, {
          zoom,
          centerX: centre,
          centerY: 1 - centre,
        });
        inside(crop);
        // Below 1× is 1×, beyond 3× is 3×.
        expect(crop.height).toBeCloseTo(1 / Math.min(3, Math.max(1, zoom)));
      }
  });
});

describe('moving and zooming', () => {
  it('drags the picture: the window goes the other way, and stops at the edge', () => {
    const start = { zoom: 2, centerX: 0.5, centerY: 0.5 };
    // Dragging the picture right by a quarter of the window shows more of its left.
    const moved = dragged(own, landscape, start, 0.25, 0);
    expect(moved.centerX).toBeCloseTo(0.5 - 0.25 * 0.5);
    expect(moved.centerY).toBeCloseTo(0.5);
    const far = dragged(own, landscape, start, 5, -5);
    expect(cropOf(own, landscape, far)).toMatchObject({ x: 0, y: 0.5 });
  });

  it('zooms out towards the middle when the window would leave the picture', () => {
    const corner = dragged(square, landscape, { zoom: 3, centerX: 0.5, centerY: 0.5 }, 9, 9);
    const out = zoomed(square, landscape, corner, 1);
    inside(cropOf(square, landscape, out));
    expect(out.centerY).toBeCloseTo(0.5);
  });

  it('settles a framing to where its crop really is', () => {
    expect(settledFraming(square, landscape, { zoom: 1, centerX: 0, centerY: 0 })).toEqual({
      zoom: 1,
      centerX: 0.375,
      centerY: 0.5,
    });
  });
});

describe('cropToSend', () => {
  it('sends nothing for the whole picture', () => {
    expect(cropToSend(own, landscape, untouchedFraming)).toBeUndefined();
    expect(cropToSend(square, { width: 500, height: 500 }, untouchedFraming)).toBeUndefined();
  });

  it('sends fractions inside the picture, to six decimals', () => {
    const crop = cropToSend(cropAspects.landscape, portrait, {
      zoom: 2.345,
      centerX: 0.99,
      centerY: 0.01,
    });
    expect(crop).toBeDefined();
    inside(crop!);
    for (const value of Object.values(crop!))
      expect(value * 1e6).toBeCloseTo(Math.round(value * 1e6));
  });
});

describe('postRatio', () => {
  it("is the aspect's, whatever the photos", () => {
    expect(postRatio('portrait', landscape, portrait)).toBe(4 / 5);
    expect(postRatio('square', undefined, portrait)).toBe(1);
  });

  it('at Original gives a carousel the first photo’s shape, or the photo’s own until it is known', () => {
    expect(postRatio('original', landscape, portrait)).toBeCloseTo(4 / 3);
    expect(postRatio('original', undefined, portrait)).toBeCloseTo(3 / 4);
  });
});
