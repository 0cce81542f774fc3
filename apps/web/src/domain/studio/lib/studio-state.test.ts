import { describe, expect, it } from 'vitest';
import { photoEditSchema, photoEditsSchema } from '@pinhole/contracts';
import {
  editsToSend,
  noAdjustments,
  photoEditOf,
  untouchedChoices,
  type StudioChoices,
} from './studio-state';

const sizes = { a: { width: 400, height: 300 }, b: { width: 300, height: 400 } };

describe('the edits a post sends', () => {
  it('leaves the field out when nothing changes', () => {
    const studio: StudioChoices = {
      aspect: 'original',
      photos: { a: untouchedChoices },
      sizes: { a: sizes.a, c: { width: 800, height: 600 } },
    };
    expect(editsToSend(studio, ['a', 'c'])).toBeUndefined();
    // A photo whose size is not known yet (or never: a HEIC outside Safari) is left whole.
    expect(editsToSend(studio, ['a', 'unread'])).toBeUndefined();
  });

  it('at Original crops a later photo of another shape to the first one’s, as the server would', () => {
    const studio: StudioChoices = { aspect: 'original', photos: {}, sizes };
    // b is 300×400; a's 4:3 inside it is 300×225, in the middle.
    expect(editsToSend(studio, ['a', 'b'])).toEqual([
      null,
      { crop: { x: 0, y: 0.21875, width: 1, height: 0.5625 } },
    ]);
    // In the other order, a (400×300) takes b's 3:4: 225×300.
    expect(editsToSend(studio, ['b', 'a'])).toEqual([
      null,
      { crop: { x: 0.21875, y: 0, width: 0.5625, height: 1 } },
    ]);
  });

  it('gives the carousel one aspect, each photo its own window and looks, null for untouched', () => {
    const studio: StudioChoices = {
      aspect: 'square',
      sizes: { ...sizes, c: { width: 500, height: 500 } },
      photos: {
        b: {
          framing: { zoom: 2, centerX: 0.5, centerY: 0 },
          filter: 'clarendon',
          adjust: { ...noAdjustments, brightness: 30, vignette: -12 },
        },
      },
    };
    const edits = editsToSend(studio, ['a', 'b', 'c']);
    expect(edits).toEqual([
      { crop: { x: 0.125, y: 0, width: 0.75, height: 1 } },
      {
        crop: { x: 0.25, y: 0, width: 0.5, height: 0.375 },
        filter: 'clarendon',
        adjust: { brightness: 30, vignette: -12 },
      },
      // Already square: the whole picture is its crop, nothing to do.
      null,
    ]);
    expect(photoEditsSchema.safeParse(edits).success).toBe(true);
  });

  it('sends a filter alone without a crop, and Normal as nothing', () => {
    const studio: StudioChoices = {
      aspect: 'original',
      sizes,
      photos: { a: { ...untouchedChoices, filter: 'moon' }, b: { ...untouchedChoices } },
    };
    const edit = photoEditOf(studio, 'a');
    expect(edit).toEqual({ filter: 'moon' });
    // b alone is its own first photo: its own shape, nothing to crop.
    expect(photoEditSchema.safeParse(edit).success).toBe(true);
    expect(photoEditOf(studio, 'b')).toBeNull();
  });
});
