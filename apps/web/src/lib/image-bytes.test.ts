import { describe, expect, it } from 'vitest';
import { readImageKind, sniffImageKind } from './image-bytes';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

// An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands.
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], compatible.join(''));

describe('sniffImageKind', () => {
  it('knows each kind the server accepts by its signature', () => {
    expect(sniffImageKind(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('jpeg');
    expect(sniffImageKind(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('png');
    expect(sniffImageKind(bytes('GIF89a'))).toBe('gif');
    expect(sniffImageKind(bytes('GIF87a'))).toBe('gif');
    expect(sniffImageKind(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImageKind(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImageKind(ftyp('avif', 'mif1', 'avif'))).toBe('avif');
  });

  it('tells HEIC from AVIF when the major brand names only the container', () => {
    expect(sniffImageKind(ftyp('mif1', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImageKind(ftyp('mif1', 'miaf', 'avif'))).toBe('avif');
  });

  it('refuses what only claims to be a picture', () => {
    expect(sniffImageKind(bytes('%PDF-1.7\n'))).toBeNull();
    expect(sniffImageKind(bytes('this is not a png at all'))).toBeNull();
    expect(sniffImageKind(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    // A video is ISO-BMFF too, with brands of its own.
    expect(sniffImageKind(ftyp('isom', 'isom', 'mp42'))).toBeNull();
    expect(sniffImageKind(new Uint8Array())).toBeNull();
  });
});

describe('readImageKind', () => {
  it('reads the kind from a file whatever its name and type say', async () => {
    const pdf = new File(['%PDF-1.4 a document'], 'holiday.jpg', { type: 'image/jpeg' });
    expect(await readImageKind(pdf)).toBeNull();
    const png = new File([bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13])], 'photo', { type: '' });
    expect(await readImageKind(png)).toBe('png');
  });
});
