import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';

import { isEffectivelySrgb } from './icc';

async function profileOf(image: Sharp): Promise<Buffer> {
  const { icc } = await sharp(await image.jpeg().toBuffer()).metadata();
  if (!icc) throw new Error('expected an embedded profile');
  return icc;
}

const pixel = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 10, g: 20, b: 30 } } });

describe('isEffectivelySrgb', () => {
  it('recognises an sRGB profile', async () => {
    expect(await isEffectivelySrgb(await profileOf(pixel().withIccProfile('srgb')))).toBe(true);
  });

  it('refuses wide-gamut, CMYK and non-RGB profiles', async () => {
    expect(await isEffectivelySrgb(await profileOf(pixel().withIccProfile('p3')))).toBe(false);
    expect(await isEffectivelySrgb(await profileOf(pixel().withIccProfile('cmyk')))).toBe(false);
    expect(await isEffectivelySrgb(Buffer.alloc(0))).toBe(false);
    expect(await isEffectivelySrgb(Buffer.alloc(600, 7))).toBe(false);
  });

  it('agrees with sharp about an unusable RGB profile: sharp skips it, so may we', async () => {
    const garbage = Buffer.alloc(600, 7);
    garbage.write('RGB ', 16, 'latin1');
    expect(await isEffectivelySrgb(garbage)).toBe(true);
  });

  it('gives the same answer from its cache', async () => {
    const p3 = await profileOf(pixel().withIccProfile('p3'));
    expect(await isEffectivelySrgb(p3)).toBe(false);
    expect(await isEffectivelySrgb(Buffer.from(p3))).toBe(false);
  });
});
