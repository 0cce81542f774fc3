import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';

import { profileKind } from './icc';

async function profileOf(image: Sharp): Promise<Buffer> {
  const { icc } = await sharp(await image.jpeg().toBuffer()).metadata();
  if (!icc) throw new Error('expected an embedded profile');
  return icc;
}

const pixel = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 10, g: 20, b: 30 } } });

describe('profileKind', () => {
  it('recognises an sRGB profile', async () => {
    expect(await profileKind(await profileOf(pixel().withIccProfile('srgb')))).toBe('srgb');
  });

  it('tells a working wide-gamut RGB profile apart', async () => {
    expect(await profileKind(await profileOf(pixel().withIccProfile('p3')))).toBe('rgb');
  });

  it('puts CMYK and anything that is not an RGB profile apart', async () => {
    expect(await profileKind(await profileOf(pixel().withIccProfile('cmyk')))).toBe('other');
    expect(await profileKind(Buffer.alloc(0))).toBe('other');
    expect(await profileKind(Buffer.alloc(600, 7))).toBe('other');
  });

  it('agrees with sharp about an unusable RGB profile: sharp skips it, so may we', async () => {
    const garbage = Buffer.alloc(600, 7);
    garbage.write('RGB ', 16, 'latin1');
    expect(await profileKind(garbage)).toBe('srgb');
  });

  it('gives the same answer from its cache', async () => {
    const p3 = await profileOf(pixel().withIccProfile('p3'));
    expect(await profileKind(p3)).toBe('rgb');
    expect(await profileKind(Buffer.from(p3))).toBe('rgb');
  });
});
